import type { IdParamsSchema, PageQuerySchema, PageResult } from '../api.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  RoleAddBodySchema,
  RoleDetail,
  RoleEditBodySchema,
  RoleIdQuerySchema,
  RoleOption,
  RolePageBodySchema,
  RoleRow,
  RoleStatusBodySchema,
} from '../role.ts';

/** Roles (2007002). */
export const role = endpoints('role', {
  page: post<{ query: In<typeof PageQuerySchema>; body: In<typeof RolePageBodySchema> }, PageResult<RoleRow>>(
    '/system/role/page',
    { perm: PERM.systemRole, wholeScope: true },
    'List roles',
  ),
  /** The roles a user form may assign (the user page and the organisations' employee lists). */
  options: get<Record<never, never>, RoleOption[]>(
    '/system/role/options',
    {
      perm: [PERM.systemUser, PERM.orgDealerEmployee, PERM.orgInstallerEmployee],
      wholeScope: true,
    },
    'List assignable roles',
  ),
  detail: get<{ params: In<typeof IdParamsSchema> }, RoleDetail>(
    '/system/role/detail/:id',
    {
      perm: PERM.systemRole,
      wholeScope: true,
    },
    'Get a role',
    { formerPaths: [{ path: '/system/role/:id', deprecated: '2026-11-27', sunset: '2027-06-30' }] },
  ),
  add: post<{ body: In<typeof RoleAddBodySchema> }, { id: number }>(
    '/system/role/add',
    {
      perm: PERM.roleAdd,
      write: true,
    },
    'Add a role',
  ),
  edit: post<{ body: In<typeof RoleEditBodySchema> }>(
    '/system/role/edit',
    {
      perm: PERM.roleEdit,
      write: true,
    },
    'Edit a role',
  ),
  status: post<{ body: In<typeof RoleStatusBodySchema> }>(
    '/system/role/updateStatus',
    {
      perm: PERM.roleStatus,
      write: true,
    },
    'Enable or disable a role',
  ),
  delete: get<{ query: In<typeof RoleIdQuerySchema> }>(
    '/system/role/delete',
    {
      perm: PERM.roleDelete,
      write: true,
    },
    'Delete a role',
  ),
});
