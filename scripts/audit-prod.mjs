// `npm audit` of the production dependencies: fails on any high or critical advisory. Part of `npm test`.
// Where the registry's advisory endpoint cannot be reached (a closed network; this project's build
// machines answer 405 to it), the check says so loudly and does not fail: it could not look, and a red
// run for that would only teach everyone to ignore it. AUDIT_REQUIRED=true makes that a failure too.
import { spawnSync } from 'node:child_process';

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
  console.warn(`audit:prod: NOT CHECKED — the advisory database could not be reached (${why}).`);
  process.exit(process.env.AUDIT_REQUIRED === 'true' ? 1 : 0);
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
