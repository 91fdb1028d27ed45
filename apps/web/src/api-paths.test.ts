import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web reaches the API only through the contract's endpoint table (`call`, `upload`, `PageTable`'s
 * `endpoint`) and its pages through the menu table: no path of the API or of a page is written out here.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Files not yet moved to the endpoint table (issue 19); emptied as each domain moves. */
const NOT_YET_MOVED = new Set<string>([
  'app/router.tsx',
  'components/app-config.ts',
  'components/contact-field.tsx',
  'components/contact-reveal.tsx',
  'components/org-tree.ts',
  'components/send-code-button.tsx',
  'components/sign-out.ts',
  'components/users/users-api.ts',
  'features/auth/api/auth-api.ts',
  'features/me/api/me-api.ts',
  'features/organization/api/orgs.ts',
  'features/organization/components/org-employees-drawer.tsx',
  'features/organization/organization-page.tsx',
  'features/owner/api/owners.ts',
  'features/owner/components/owner-plants.tsx',
  'features/owner/owner-page.tsx',
  'features/report/api/report-api.ts',
  'features/report/components/report-table.tsx',
  'features/station/api/station-api.ts',
  'features/system/audit/api.ts',
  'features/system/menu/api/menus.ts',
  'features/system/menu/components/menu-form-modal.tsx',
  'features/system/role/api/roles.ts',
  'features/system/role/role-page.tsx',
  'features/system/user/user-page.tsx',
  'features/upgrade/api/program-api.ts',
  'features/upgrade/api/task-api.ts',
  'features/upgrade/program-page.tsx',
  'features/upgrade/task-add-page.tsx',
  'features/upgrade/task-detail-page.tsx',
  'features/upgrade/task-list-page.tsx',
]);

describe('API paths', () => {
  it('no API or page path is written out in the web outside tests', () => {
    const literal = /['"`]\/(station|iot|system|auth|file|mqtt)\//;
    const offending = sourceFiles(root)
      .map((file) => path.relative(root, file))
      .filter((file) => !NOT_YET_MOVED.has(file))
      .filter((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && literal.test(line)),
      );
    expect(offending).toEqual([]);
  });
});
