import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_STUBS } from '../vite.config.ts';

/**
 * The build replaces parts of antd the app never uses with stubs (vite.config.ts, ANTD_STUBS): this holds
 * the app to not using them, and the stubs to what antd still imports.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const sources = sourceFiles(root).map((file) => ({
  file: path.relative(root, file),
  text: fs.readFileSync(file, 'utf8'),
}));
const using = (pattern: RegExp) => sources.filter((s) => pattern.test(s.text)).map((s) => s.file);

describe('the antd parts built as stubs', () => {
  it('no text is edited in place (Typography `editable`)', () => {
    expect(using(/(?<![.\w])editable(=\{|\s*[\n/>])|(?<![.\w])editable:\s*(true|\{)/)).toEqual([]);
  });

  it('no table column filters itself (`filters`, `filterDropdown`, `onFilter`)', () => {
    expect(using(/(?<![.\w])(filters|filterDropdown|onFilter|filteredValue|filterIcon):/)).toEqual([]);
  });

  it('no card has tabs (`tabList`)', () => {
    expect(using(/\btabList\b/)).toEqual([]);
  });

  it('no view notifies (`notification`; toasts are `message`)', () => {
    expect(using(/\bnotification\b/)).toEqual([]);
  });

  const antd = path.dirname(createRequire(import.meta.url).resolve('antd/package.json'));
  it.each(ANTD_STUBS)('antd still imports $source where stubbed', ({ importer, source }) => {
    const files = ['typography/Base/index.js', 'table/hooks/useFilter/index.js', 'card/Card.js', 'app/App.js']
      .map((f) => path.join(antd, 'es', f))
      .filter((f) => importer.test(f));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(files[0]!, 'utf8')).toContain(`from '${source}'`);
  });
});
