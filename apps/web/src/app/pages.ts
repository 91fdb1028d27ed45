import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * The page components of MENU_TREE, by its `page` keys. A page in MENU_TREE without an entry here is
 * neither routed nor shown in the menu; a later feature adds its pages in this one place.
 */
const LOAD: Record<string, Load> = {
  organization: () => import('../features/organization/organization-page.tsx'),
  'system/user': () => import('../features/system/user/user-page.tsx'),
  'system/role': () => import('../features/system/role/role-page.tsx'),
  'system/menu': () => import('../features/system/menu/menu-page.tsx'),
  'system/audit': () => import('../features/system/audit/audit-page.tsx'),
  'device-center/inverter': () => import('../features/device-center/inverter-page.tsx'),
  'device-center/dongle': () => import('../features/device-center/dongle-page.tsx'),
  'device-center/battery': () => import('../features/device-center/battery-page.tsx'),
  'station/monitor': () => import('../features/station/station-list-page.tsx'),
  'station/add': () => import('../features/station/station-form-page.tsx'),
  'station/info': () => import('../features/station/station-info-page.tsx'),
  'station/detail': () => import('../features/station/detail/plant-detail-page.tsx'),
  'owner/list': () => import('../features/owner/owner-page.tsx'),
  'basic/device': () => import('../features/basic-device/basic-device-page.tsx'),
  'basic/alarm': () => import('../features/basic-alarm/basic-alarm-page.tsx'),
  'fault/alarm': () => import('../features/fault/alarm-center-page.tsx'),
  'upgrade/inverter': () => import('../features/upgrade/task-list-page.tsx'),
  'upgrade/add': () => import('../features/upgrade/task-add-page.tsx'),
  'upgrade/detail': () => import('../features/upgrade/task-detail-page.tsx'),
  'upgrade/program': () => import('../features/upgrade/program-page.tsx'),
  report: () => import('../features/report/report-page.tsx'),
};

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(LOAD).map(([page, load]) => [page, lazy(load)]),
);

/** Starts loading code ahead; a failure shows when the code is used, not here. */
export const preload = (load: () => Promise<unknown>) => void load().catch(() => {});

/** Starts loading a page's code, e.g. while the signed-in user is still being read. */
export function preloadPage(page: string) {
  const load = LOAD[page];
  if (load) preload(load);
}
