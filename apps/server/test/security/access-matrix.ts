import { PERM } from '@pvstar/contract/perm';
import type { RouteEntry } from '../../src/http/pipeline.ts';
import { ACCOUNT_ROWS } from './access-matrix/account.ts';
import { ALARM_ROWS } from './access-matrix/alarms.ts';
import { API_TOKEN_ROWS } from './access-matrix/api-tokens.ts';
import { BASIC_DATA_ROWS } from './access-matrix/basic-data.ts';
import { COMMISSIONING_ROWS } from './access-matrix/commissioning.ts';
import { DEVICE_ROWS } from './access-matrix/devices.ts';
import { FIRMWARE_ROWS } from './access-matrix/firmware.ts';
import { ORGANISATION_ROWS } from './access-matrix/organisations.ts';
import { OWNER_ROWS } from './access-matrix/owners.ts';
import { PLANT_SHARE_ROWS } from './access-matrix/plant-share.ts';
import { PLANT_ROWS } from './access-matrix/plants.ts';
import { PUBLIC_ROWS } from './access-matrix/public.ts';
import { REMOTE_ROWS } from './access-matrix/remote.ts';
import { REPORT_ROWS } from './access-matrix/reports.ts';
import { ROLE_MENU_ROWS } from './access-matrix/roles-menus.ts';
import type { MatrixEntry, Status } from './access-matrix/shared.ts';
import { TARIFF_ROWS } from './access-matrix/tariffs.ts';
import { UPGRADE_ROWS } from './access-matrix/upgrade.ts';
import { USER_ROWS } from './access-matrix/users.ts';
import { WEBHOOK_ROWS } from './access-matrix/webhooks.ts';

/**
 * The permission matrix (issue 8): every route of the route table, how to call it validly, and what each
 * caller must get. The statuses are written by hand from the product's rules — the seeded roles
 * (packages/contract/src/perm.ts DEFAULT_ROLE_PERMS), the data scopes (requirements §R17.1: a row outside the
 * scope answers 404) and the read-only demo login — not computed from the code under test.
 *
 * The object a route names belongs to one installer's side (`side`, installer A's in the main run; the
 * plant is the owner's); `neighbour` is another house owner of installer A, `installerB` the sibling
 * installer with the same roles, `bAll` a user of installer B holding every permission code (so that
 * only the data scope stands between it and A's objects).
 */
export type { CallContext, MatrixEntry, Status } from './access-matrix/shared.ts';

// Columns of every row: admin dealer installerA installerB owner neighbour guest demo bAll none.
export const MATRIX: MatrixEntry[] = [
  ...PUBLIC_ROWS,
  ...ACCOUNT_ROWS,
  ...API_TOKEN_ROWS,
  ...ORGANISATION_ROWS,
  ...USER_ROWS,
  ...ROLE_MENU_ROWS,
  ...DEVICE_ROWS,
  ...OWNER_ROWS,
  ...PLANT_ROWS,
  ...PLANT_SHARE_ROWS,
  ...TARIFF_ROWS,
  ...COMMISSIONING_ROWS,
  ...ALARM_ROWS,
  ...REMOTE_ROWS,
  ...REPORT_ROWS,
  ...BASIC_DATA_ROWS,
  ...FIRMWARE_ROWS,
  ...UPGRADE_ROWS,
  ...WEBHOOK_ROWS,
];

/**
 * Every export, called on installer A's objects by a user of installer A whose one role holds only `code`
 * (the export's own button code), then `code` and `list` (the list's code): an export is its list, so an
 * export code alone opens nothing (`alone` 403). An export without a code of its own names the list's as
 * `code`, and that alone suffices (`alone` 200).
 */
export const EXPORT_CODES: Record<string, { code: string; list: string; alone: Status }> = {
  'POST /iot/alarm/export': { code: PERM.faultAlarmExport, list: PERM.faultAlarm, alone: 403 },
  'POST /system/faultCode/export': { code: PERM.faultCodeExport, list: PERM.basicAlarm, alone: 403 },
  'POST /system/audit/export': { code: PERM.systemAudit, list: PERM.systemAudit, alone: 200 },
  'POST /iot/remote/audit/export': { code: PERM.remoteRead, list: PERM.remoteRead, alone: 200 },
  'POST /station/report/energy/export': { code: PERM.report, list: PERM.report, alone: 200 },
  'POST /station/report/fleet/export': { code: PERM.report, list: PERM.report, alone: 200 },
  'POST /station/report/alarm/export': { code: PERM.report, list: PERM.report, alone: 200 },
};

/**
 * The routes without an entry and the entries without a route. A HEAD route is covered by its own entry
 * or by the GET entry of the same URL (Fastify adds HEAD to every GET; it runs the same hooks).
 */
export function coverage(routeTable: readonly RouteEntry[], matrix: readonly MatrixEntry[] = MATRIX) {
  const entries = new Set(matrix.map((e) => e.route));
  const routes = new Set(routeTable.map((r) => `${r.method} ${r.url}`));
  const missing = [...routes].filter(
    (r) => !entries.has(r) && !(r.startsWith('HEAD ') && entries.has(`GET ${r.slice(5)}`)),
  );
  const stale = [...entries].filter((e) => !routes.has(e));
  const duplicated = matrix.map((e) => e.route).filter((r, i, all) => all.indexOf(r) !== i);
  return { missing: missing.sort(), stale: stale.sort(), duplicated };
}
