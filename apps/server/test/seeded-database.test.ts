import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleTemplates } from './seeded-database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-templates-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const put = (name: string, ageMs = 0) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'x');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
  return file;
};

describe('template clean-up', () => {
  it("leaves a template another process is writing now, whatever day its name says, and removes a day's old ones", () => {
    const keep = put('pvstar_tpl_20261203_aaaa.tar');
    // A suite with a faked clock names its template by another day; its partial file is being written.
    const writing = put('pvstar_tpl_20261125_bbbb.tar.4242.0a0b0c0d');
    const fresh = put('pvstar_tpl_20261125_bbbb.tar');
    const stale = put('pvstar_tpl_20261101_cccc.tar', 2 * 24 * 3600_000);
    const crashed = put('pvstar_tpl_20261101_cccc.tar.99.ffffffff', 2 * 24 * 3600_000);
    const other = put('not-a-template.tar', 2 * 24 * 3600_000);
    removeStaleTemplates(keep, dir);
    const left = (f: string) => fs.existsSync(f);
    expect([keep, writing, fresh, other].map(left)).toEqual([true, true, true, true]);
    expect([stale, crashed].map(left)).toEqual([false, false]);
  });
});
