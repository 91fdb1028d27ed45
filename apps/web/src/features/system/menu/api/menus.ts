import type { MenuAddBody, MenuEditBody, MenuRow } from '@pvstar/contract/menu';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../../api/http.ts';

export const MENU_TREE_KEY = ['menu-tree'] as const;
/** The full menu tree (menus page). */
export const menuTreeQueryOptions = () =>
  queryOptions({ queryKey: MENU_TREE_KEY, queryFn: () => get<MenuRow[]>('/system/menu/tree') });
export const useMenuTree = () => useQuery(menuTreeQueryOptions());

/** The menus and buttons the caller holds and so may grant (the role form's permission tree). */
export const grantableMenusQueryOptions = () =>
  queryOptions({ queryKey: ['menu-grantable'], queryFn: () => get<MenuRow[]>('/system/menu/grantable') });
export const useGrantableMenus = () => useQuery(grantableMenusQueryOptions());

function useInvalidateMenus() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: MENU_TREE_KEY }),
      client.invalidateQueries({ queryKey: ['menu-grantable'] }),
    ]);
}

export function useSaveMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (body: MenuAddBody | MenuEditBody) =>
      post<{ id: number } | null>('id' in body ? '/system/menu/edit' : '/system/menu/add', body, {
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (menuId: number) => get<null>('/system/menu/delete', { query: { menuId } }),
    onSuccess: invalidate,
  });
}
