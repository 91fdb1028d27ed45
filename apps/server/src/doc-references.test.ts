import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the code and the docs cite must be in the repository: the product's requirements are
 * docs/requirements.md, cited as `requirements §R5.2`, and every other reference names a file of the
 * clone. A citation of a document only one machine has, or of a section that does not exist, tells the
 * next reader nothing.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const self = path.relative(root, import.meta.filename);

const WALKED = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', '.ci', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|css|html|sql|sh|conf|txt|ya?ml)$|^[^.]+$/;
const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;

function walk(rel: string): string[] {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return TEXT.test(path.basename(rel)) ? [rel] : [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((e) => !(e.isDirectory() && SKIPPED_DIRS.has(e.name)))
    .flatMap((e) => walk(path.join(rel, e.name)));
}

const files = WALKED.flatMap(walk)
  .filter((file) => file !== self)
  .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n') }))
  .filter(({ lines }) => !lines.some((l) => l.includes('\0')));

/** The workplace's documents, which a clone does not have (unless one is added to the repository root). */
const outsideDocs = ['SPEC', 'ARCHITECTURE', 'SECURITY', 'STYLE'].filter(
  (name) => !fs.existsSync(path.join(root, `${name}.md`)),
);
const OUTSIDE: RegExp[] = [
  // The outside specification cited by section, by colon or by quote (the section sign as an escape, so
  // that this file does not cite it itself).
  /\bSPEC(?:\.md)?\s*[\u00a7:"]/,
  /\bARCHITECTURE\b/,
  /\bSTYLE\s*[§:]/,
  new RegExp(`\\b(?:${outsideDocs.join('|')})\\.md\\b`),
  /\/work\/\w[\w./-]*/,
];

/** Comment text of a code line, or the whole line of a document: where a path is a reference to a file. */
function prose(file: string, line: string): string | null {
  if (!CODE.test(file)) return line;
  const comment = /^\s*(?:\*|\/\/|\/\*)(.*)$/.exec(line) ?? /\s\/\/\s(.*)$/.exec(line);
  return comment ? comment[1]! : null;
}

/** Relative paths in prose that lead out of the clone (`../shared/…` from docs/, say). */
function escapingPaths(file: string, text: string): string[] {
  return [...text.matchAll(/(?:\.\.\/)+[\w@.-][\w@./-]*/g)]
    .map((m) => m[0])
    .filter((p) => {
      const to = path.relative(root, path.resolve(root, path.dirname(file), p));
      return to.startsWith('..') || path.isAbsolute(to);
    });
}

const requirements = fs.readFileSync(path.join(root, 'docs/requirements.md'), 'utf8');
const headings = [...requirements.matchAll(/^(#{2,3}) (R\d+(?:\.\d+)?) \S/gm)].map((m) => ({
  level: m[1]!.length,
  id: m[2]!,
}));
const sections = new Set(headings.map((h) => h.id));

describe('references in code and docs', () => {
  it('walks the repository', () => {
    // A broken walk would make every rule below pass.
    const walked = new Set(files.map((f) => f.file));
    for (const file of [
      'README.md',
      'docs/requirements.md',
      'apps/server/src/app.ts',
      'packages/contract/src/perm.ts',
    ])
      expect(walked, file).toContain(file);
    expect([...walked].some((f) => f.includes('node_modules') || f.split(path.sep).includes('dist'))).toBe(
      false,
    );
  });

  it('cites no document outside the repository', () => {
    const found = files.flatMap(({ file, lines }) =>
      lines.flatMap((line, i) => {
        const named = OUTSIDE.filter((re) => re.test(line)).map((re) => re.exec(line)![0]);
        const text = prose(file, line);
        const paths = text === null ? [] : escapingPaths(file, text);
        return [...named, ...paths].map((what) => `${file}:${i + 1}: ${what}`);
      }),
    );
    expect(found).toEqual([]);
  });

  it('numbers the requirements once each, every subsection under its section', () => {
    const ids = headings.map((h) => h.id);
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    let section = '';
    for (const h of headings) {
      if (h.level === 2) {
        expect(h.id, `## ${h.id}`).toMatch(/^R\d+$/);
        section = h.id;
      } else expect(h.id.split('.')[0], `### ${h.id}`).toBe(section);
    }
  });

  it('cites only requirements that exist', () => {
    const citations = files.flatMap(({ file, lines }) =>
      lines.flatMap((line, i) =>
        [...line.matchAll(/§(R\d+(?:\.\d+)*)/g)].map((m) => ({ at: `${file}:${i + 1}`, id: m[1]! })),
      ),
    );
    expect(citations.length).toBeGreaterThan(50);
    expect(citations.filter((c) => !sections.has(c.id)).map((c) => `${c.at}: §${c.id}`)).toEqual([]);
  });
});
