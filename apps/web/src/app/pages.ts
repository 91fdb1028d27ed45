import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyRetrying } from '../components/lazy-retrying.ts';
import { withTexts } from '../i18n/index.ts';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * The page components of MENU_TREE, by its `page` keys. A page in MENU_TREE without an entry here is
 * neither routed nor shown in the menu; a later feature adds its pages in this one place. Each loads with
 * the texts it shows outside the core catalogue (`withTexts`: its namespaces, texts.test.ts checks them).
 */
const LOAD: Record<string, Load> = {
  organization: withTexts(
    ['org', 'twoFactor'],
    () => import('../features/organization/organization-page.tsx'),
  ),
  'system/user': withTexts(['twoFactor'], () => import('../features/system/user/user-page.tsx')),
  'system/role': withTexts([], () => import('../features/system/role/role-page.tsx')),
  'system/menu': withTexts([], () => import('../features/system/menu/menu-page.tsx')),
  'system/audit': withTexts([], () => import('../features/system/audit/audit-page.tsx')),
  'system/webhook': withTexts(['webhook'], () => import('../features/webhook/webhook-page.tsx')),
  'device-center/inverter': withTexts(
    ['device', 'metric', 'remote'],
    () => import('../features/device-center/inverter-page.tsx'),
  ),
  'device-center/dongle': withTexts(
    ['device', 'metric', 'remote'],
    () => import('../features/device-center/dongle-page.tsx'),
  ),
  'device-center/battery': withTexts(
    ['device', 'metric', 'remote'],
    () => import('../features/device-center/battery-page.tsx'),
  ),
  'station/monitor': withTexts(['plant'], () => import('../features/plant/plant-list-page.tsx')),
  'station/add': withTexts(['plant'], () => import('../features/plant/plant-form-page.tsx')),
  'station/info': withTexts(
    ['commissioning', 'plant', 'share', 'tariff'],
    () => import('../features/plant/plant-info-page.tsx'),
  ),
  'station/detail': withTexts(['plant'], () => import('../features/plant/detail/plant-detail-page.tsx')),
  'owner/list': withTexts(['owner'], () => import('../features/owner/owner-page.tsx')),
  'basic/device': withTexts(['basic'], () => import('../features/basic-device/basic-device-page.tsx')),
  'basic/alarm': withTexts(['faultCode'], () => import('../features/fault-code/fault-code-page.tsx')),
  'fault/alarm': withTexts([], () => import('../features/alarm/alarm-center-page.tsx')),
  'upgrade/inverter': withTexts(['upgrade'], () => import('../features/upgrade/task-list-page.tsx')),
  'upgrade/add': withTexts(['upgrade'], () => import('../features/upgrade/task-add-page.tsx')),
  'upgrade/detail': withTexts(['upgrade'], () => import('../features/upgrade/task-detail-page.tsx')),
  'upgrade/program': withTexts(['upgrade'], () => import('../features/upgrade/program-page.tsx')),
  report: withTexts(
    ['plant', 'report', 'reportSubscription'],
    () => import('../features/report/report-page.tsx'),
  ),
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
