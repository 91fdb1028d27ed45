import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The page components of MENU_TREE, by its `page` keys. A page in MENU_TREE without an entry here is
 * neither routed nor shown in the menu; a later feature adds its pages in this one place.
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  organization: lazy(() => import('../features/organization/organization-page.tsx')),
  'system/user': lazy(() => import('../features/system/user/user-page.tsx')),
  'system/role': lazy(() => import('../features/system/role/role-page.tsx')),
  'system/menu': lazy(() => import('../features/system/menu/menu-page.tsx')),
  'device-center/inverter': lazy(() => import('../features/device-center/inverter-page.tsx')),
  'device-center/dongle': lazy(() => import('../features/device-center/dongle-page.tsx')),
  'device-center/battery': lazy(() => import('../features/device-center/battery-page.tsx')),
  'station/monitor': lazy(() => import('../features/station/station-list-page.tsx')),
  'station/add': lazy(() => import('../features/station/station-form-page.tsx')),
  'station/info': lazy(() => import('../features/station/station-info-page.tsx')),
  'station/detail': lazy(() => import('../features/station/detail/plant-detail-page.tsx')),
  'owner/list': lazy(() => import('../features/owner/owner-page.tsx')),
  'basic/device': lazy(() => import('../features/basic-device/basic-device-page.tsx')),
  'basic/alarm': lazy(() => import('../features/basic-alarm/basic-alarm-page.tsx')),
  'fault/alarm': lazy(() => import('../features/fault/alarm-center-page.tsx')),
  'upgrade/inverter': lazy(() => import('../features/upgrade/task-list-page.tsx')),
  'upgrade/add': lazy(() => import('../features/upgrade/task-add-page.tsx')),
  'upgrade/detail': lazy(() => import('../features/upgrade/task-detail-page.tsx')),
  'upgrade/program': lazy(() => import('../features/upgrade/program-page.tsx')),
  report: lazy(() => import('../features/report/report-page.tsx')),
};
