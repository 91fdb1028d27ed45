import { menu } from '@pvstar/contract/endpoints/menu';
import type { MenuAddBody, MenuEditBody } from '@pvstar/contract/menu';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../../api/call.ts';

/** The full menu tree (menus page). */
export const menuTreeQueryOptions = () =>
  queryOptions({ queryKey: queryKey(menu.tree), queryFn: () => call(menu.tree) });
export const useMenuTree = () => useQuery(menuTreeQueryOptions());

/** The menus and buttons the caller holds and so may grant (the role form's permission tree). */
export const grantableMenusQueryOptions = () =>
  queryOptions({ queryKey: queryKey(menu.grantable), queryFn: () => call(menu.grantable) });
export const useGrantableMenus = () => useQuery(grantableMenusQueryOptions());

/** A menu change shows in the menu tree and in the permission tree of the role form. */
function useInvalidateMenus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [menu.tree.tag] });
}

export function useSaveMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (body: MenuAddBody | MenuEditBody): Promise<{ id: number } | null> =>
      'id' in body ? call(menu.edit, { body }, { silent: true }) : call(menu.add, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (menuId: number) => call(menu.delete, { query: { menuId } }),
    onSuccess: invalidate,
  });
}
