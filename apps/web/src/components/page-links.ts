import type { DeviceType } from '@pvstar/contract/device';
import { flattenMenu } from '@pvstar/contract/perm';

/** Each page's hash route by its page key (`station/detail`), from the contract's menu table. */
const PAGE_PATHS = new Map(
  flattenMenu()
    .flatMap((n) => [n, ...(n.alsoPaths ?? [])])
    .filter((n): n is typeof n & { page: string; path: string } => !!n.page && !!n.path)
    .map((n) => [n.page, n.path] as const),
);

/**
 * The route of a page by its key in the menu table, with a query string: links name pages, never paths.
 * For example pagePath('station/detail', { id: 5, tab: 'alarms' }) gives /station/monitor/detail?id=5&tab=alarms.
 */
export function pagePath(
  page: string,
  query: Record<string, string | number | undefined | null> = {},
): string {
  const path = PAGE_PATHS.get(page);
  if (!path) throw new Error(`no page ${page} in the menu table`);
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return params ? `${path}?${params}` : path;
}

/** The plant list, a plant's detail (on a tab), its information page and its edit form. */
export const plantLinks = {
  list: () => pagePath('station/monitor'),
  /** The plant list showing its map. */
  map: () => pagePath('station/monitor', { view: 'map' }),
  detail: (id: number, tab?: string) => pagePath('station/detail', { id, tab }),
  info: (id: number) => pagePath('station/info', { id }),
  add: () => pagePath('station/add'),
  edit: (id: number) => pagePath('station/add', { id }),
};

/** Upgrade tasks: the list, a new task, a task's detail. */
export const upgradeLinks = {
  list: () => pagePath('upgrade/inverter'),
  add: () => pagePath('upgrade/add'),
  detail: (id: number) => pagePath('upgrade/detail', { id }),
};

/** `?filter=` of the alert center that shows its "active and unacknowledged" filter over all time. */
export const ACTIVE_UNACKNOWLEDGED = 'active-unacknowledged';

/** The alert center, with an alarm's detail open, or filtered to what the header's bell counts. */
export const alarmLinks = {
  center: (id?: number) => pagePath('fault/alarm', { id }),
  activeUnacknowledged: () => pagePath('fault/alarm', { filter: ACTIVE_UNACKNOWLEDGED }),
};

/**
 * Where a device's detail opens: the list page of its type with `?id=` (meters, EV chargers and heat
 * pumps are tabs of the inverter page: `?type=…&id=`).
 */
export const deviceLinks = {
  detail: (type: DeviceType, id: number) => {
    if (type === 'DONGLE') return pagePath('device-center/dongle', { id });
    if (type === 'BATTERY') return pagePath('device-center/battery', { id });
    if (type === 'INVERTER') return pagePath('device-center/inverter', { id });
    return pagePath('device-center/inverter', { type, id });
  },
};
