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
};
