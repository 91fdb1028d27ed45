// `npm audit` of the production dependencies: fails on any high or critical advisory. Part of `npm test`.
// Where the registry's advisory endpoint cannot be reached (a closed network; this project's build
// machines answer 405 to it), the check prints a banner on stderr and does not fail: it could not look,
// and a red run for that would only teach everyone to ignore it. AUDIT_REQUIRED=true makes that a
// failure too. It leaves a marker that `--report` (the last step of `npm test`) repeats, so the run's
// final line says whether any advisory was checked.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MARKER = path.resolve(import.meta.dirname, '../node_modules/.cache/pvstar/audit-not-run.txt');
const NOT_RUN = 'dependency audit NOT run';

if (process.argv.includes('--report')) {
  if (fs.existsSync(MARKER)) {
    console.error(`\n!! ${NOT_RUN}: ${fs.readFileSync(MARKER, 'utf8').trim()}`);
    console.error(
      `!! No advisory of the production dependencies was checked. Run \`npm run audit:prod\` where the registry answers.`,
    );
  } else console.log('\ndependency audit: run, no high or critical advisory in the production dependencies.');
  process.exit(0);
}

fs.rmSync(MARKER, { force: true });
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why =
    report?.message ?? report?.error?.summary ?? run.stderr?.trim().split('\n').pop() ?? 'no answer';
  const required = process.env.AUDIT_REQUIRED === 'true';
  const rule = '!'.repeat(78);
  const what = required
    ? ['!! AUDIT_REQUIRED=true: that is a failure.']
    : [
        '!! The run goes on (exit 0). Run `npm run audit:prod` where the registry answers, or set',
        '!! AUDIT_REQUIRED=true in a pipeline that must block on advisories.',
      ];
  console.error(
    [
      '',
      rule,
      `!! ${NOT_RUN.toUpperCase()}`,
      '!! `npm audit` could not reach the advisory database:',
      `!!   ${why}`,
      '!! No advisory of the production dependencies was checked in this run.',
      ...what,
      rule,
      '',
    ].join('\n'),
  );
  fs.mkdirSync(path.dirname(MARKER), { recursive: true });
  fs.writeFileSync(
    MARKER,
    `${new Date().toISOString()}, the advisory database could not be reached (${why})\n`,
  );
  process.exit(required ? 1 : 0);
}

const serious = Object.entries(report.vulnerabilities ?? {})
  .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
  .map(([name, v]) => `${name} (${v.severity}${v.range ? `, ${v.range}` : ''})`);
console.log(
  `audit:prod: ${counts.total} advisories in production dependencies — critical ${counts.critical}, high ${counts.high}, moderate ${counts.moderate}, low ${counts.low}.`,
);
if (serious.length) {
  console.error(
    `audit:prod: high or critical advisories:\n  ${serious.join('\n  ')}\nRun \`npm audit --omit=dev\`.`,
  );
  process.exit(1);
}
