import { createContext, useContext } from 'react';

/** One entry of the sidebar: a permitted, routed page or a catalog holding some. */
export interface NavItem {
  path: string;
  /** Key in the `menu` namespace. */
  title: string;
  icon?: string;
  children?: NavItem[];
}

/** The menu the signed-in user may open, computed by the app shell from the permission table. */
export const NavContext = createContext<NavItem[]>([]);
export const useNav = () => useContext(NavContext);
