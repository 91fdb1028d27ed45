import { endpoints, get, type In, post } from '../endpoint.ts';
import type { MenuAddBodySchema, MenuEditBodySchema, MenuIdQuerySchema, MenuRow } from '../menu.ts';
import { PERM } from '../perm.ts';

/** Menus and buttons (2007003). */
export const menu = endpoints('menu', {
  tree: get<Record<never, never>, MenuRow[]>(
    '/system/menu/tree',
    { perm: PERM.systemMenu },
    'Get the menu tree',
  ),
  /** The menus and buttons the caller holds and so may grant (the role form's permission tree). */
  grantable: get<Record<never, never>, MenuRow[]>(
    '/system/menu/grantable',
    { perm: [PERM.systemRole] },
    'Get the grantable menu tree',
  ),
  add: post<{ body: In<typeof MenuAddBodySchema> }, { id: number }>(
    '/system/menu/add',
    {
      perm: PERM.menuAdd,
      write: true,
    },
    'Add a menu',
  ),
  edit: post<{ body: In<typeof MenuEditBodySchema> }>(
    '/system/menu/edit',
    {
      perm: PERM.menuEdit,
      write: true,
    },
    'Edit a menu',
  ),
  delete: get<{ query: In<typeof MenuIdQuerySchema> }>(
    '/system/menu/delete',
    {
      perm: PERM.menuDelete,
      write: true,
    },
    'Delete a menu',
  ),
});
