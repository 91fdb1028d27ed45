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
  'components/alarms/alarm-api.ts',
  'components/alarms/alarm-columns.tsx',
  'components/alarms/alarm-drawer.tsx',
  'components/remote/remote-api.ts',
  'features/basic-alarm/basic-alarm-page.tsx',
  'features/basic-alarm/fault-code-api.ts',
  'features/basic-device/basic-device-api.ts',
  'features/basic-device/manufacturer-tab.tsx',
  'features/basic-device/spec-tab.tsx',
  'features/dashboard/api/dashboard-api.ts',
  'features/dashboard/components/alerts-card.tsx',
  'features/dashboard/components/plant-list.tsx',
  'features/device-center/api/devices.ts',
  'features/device-center/components/device-list.tsx',
  'features/device-center/device-links.ts',
  'features/me/api/me-api.ts',
  'features/upgrade/api/program-api.ts',
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
