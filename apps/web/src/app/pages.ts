import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyRetrying } from '../components/lazy-retrying.ts';
import { withPageTexts } from '../i18n/index.ts';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * The page components of MENU_TREE, by its `page` keys. A page in MENU_TREE without an entry here is
 * neither routed nor shown in the menu; a later feature adds its pages in this one place. Each loads with
 * the pages catalogue of the language (`withPageTexts`): their namespaces are not in the core one.
 */
const LOAD: Record<string, Load> = {
  organization: withPageTexts(() => import('../features/organization/organization-page.tsx')),
  'system/user': withPageTexts(() => import('../features/system/user/user-page.tsx')),
  'system/role': withPageTexts(() => import('../features/system/role/role-page.tsx')),
  'system/menu': withPageTexts(() => import('../features/system/menu/menu-page.tsx')),
  'system/audit': withPageTexts(() => import('../features/system/audit/audit-page.tsx')),
  'system/webhook': withPageTexts(() => import('../features/webhook/webhook-page.tsx')),
  'device-center/inverter': withPageTexts(() => import('../features/device-center/inverter-page.tsx')),
  'device-center/dongle': withPageTexts(() => import('../features/device-center/dongle-page.tsx')),
  'device-center/battery': withPageTexts(() => import('../features/device-center/battery-page.tsx')),
  'station/monitor': withPageTexts(() => import('../features/plant/plant-list-page.tsx')),
  'station/add': withPageTexts(() => import('../features/plant/plant-form-page.tsx')),
  'station/info': withPageTexts(() => import('../features/plant/plant-info-page.tsx')),
  'station/detail': withPageTexts(() => import('../features/plant/detail/plant-detail-page.tsx')),
  'owner/list': withPageTexts(() => import('../features/owner/owner-page.tsx')),
  'basic/device': withPageTexts(() => import('../features/basic-device/basic-device-page.tsx')),
  'basic/alarm': withPageTexts(() => import('../features/fault-code/fault-code-page.tsx')),
  'fault/alarm': withPageTexts(() => import('../features/alarm/alarm-center-page.tsx')),
  'upgrade/inverter': withPageTexts(() => import('../features/upgrade/task-list-page.tsx')),
  'upgrade/add': withPageTexts(() => import('../features/upgrade/task-add-page.tsx')),
  'upgrade/detail': withPageTexts(() => import('../features/upgrade/task-detail-page.tsx')),
  'upgrade/program': withPageTexts(() => import('../features/upgrade/program-page.tsx')),
  report: withPageTexts(() => import('../features/report/report-page.tsx')),
};

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(LOAD).map(([page, load]) => [page, lazyRetrying(load)]),
);

/** Starts loading code ahead; a failure shows when the code is used, not here. */
export const preload = (load: () => Promise<unknown>) => void load().catch(() => {});

/** Starts loading a page's code, e.g. while the signed-in user is still being read. */
export function preloadPage(page: string) {
  const load = LOAD[page];
  if (load) preload(load);
}
