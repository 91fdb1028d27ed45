import type { IdParamsSchema, PageQuerySchema, PageResult } from '../api.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import type {
  OrgAddBodySchema,
  OrgDeleteBodySchema,
  OrgEditBodySchema,
  OrgPageBodySchema,
  OrgRow,
  OrgStatusBodySchema,
  OrgTreeBodySchema,
  OrgTreeNode,
} from '../org.ts';
import { PERM } from '../perm.ts';
import type { UserAddBodySchema, UserEditBodySchema } from '../user.ts';

// Dealers and installers are one page with two menus: each action takes either menu's code.
const VIEW = [PERM.orgDealer, PERM.orgInstaller];
const ADD = [PERM.orgDealerAdd, PERM.orgInstallerAdd];
const EDIT = [PERM.orgDealerEdit, PERM.orgInstallerEdit];
const DELETE = [PERM.orgDealerDelete, PERM.orgInstallerDelete];
const STATUS = [PERM.orgDealerStatus, PERM.orgInstallerStatus];
const EMPLOYEE = [PERM.orgDealerEmployee, PERM.orgInstallerEmployee];

/** Organisations (dealers 2006001, installers 2006002) and their employees. */
export const org = endpoints('org', {
  /** The organisations within reach as a tree, optionally of some types (the user page's filter too). */
  tree: post<{ body: In<typeof OrgTreeBodySchema> }, OrgTreeNode[]>(
    '/system/org/tree',
    {
      // The user and webhook forms pick an organisation from it.
      perm: [...VIEW, PERM.systemUser, PERM.systemWebhook],
      wholeScope: true,
      token: 'read',
    },
    'Get the organisation tree',
  ),
  page: post<{ query: In<typeof PageQuerySchema>; body: In<typeof OrgPageBodySchema> }, PageResult<OrgRow>>(
    '/system/org/page',
    { perm: VIEW, wholeScope: true, token: 'read' },
    'List organisations',
  ),
  detail: get<{ params: In<typeof IdParamsSchema> }, OrgRow>(
    '/system/org/detail/:id',
    {
      perm: VIEW,
      wholeScope: true,
      token: 'read',
    },
    'Get an organisation',
    { formerPaths: [{ path: '/system/org/:id', deprecated: '2026-11-27', sunset: '2027-06-30' }] },
  ),
  add: post<{ body: In<typeof OrgAddBodySchema> }, { id: number }>(
    '/system/org/add',
    {
      perm: ADD,
      write: true,
      wholeScope: true,
    },
    'Add an organisation',
  ),
  edit: post<{ body: In<typeof OrgEditBodySchema> }>(
    '/system/org/edit',
    {
      perm: EDIT,
      write: true,
      wholeScope: true,
    },
    'Edit an organisation',
  ),
  delete: post<{ body: In<typeof OrgDeleteBodySchema> }>(
    '/system/org/delete',
    {
      perm: DELETE,
      write: true,
      wholeScope: true,
    },
    'Delete an organisation',
  ),
  status: post<{ body: In<typeof OrgStatusBodySchema> }>(
    '/system/org/updateStatus',
    {
      perm: STATUS,
      write: true,
      wholeScope: true,
    },
    'Enable or disable an organisation',
  ),
  /** A user of the organisation, guarded by the organisation page's employee button (same body as user add). */
  createEmployee: post<{ body: In<typeof UserAddBodySchema> }, { id: number }>(
    '/system/org/createEmp',
    {
      perm: EMPLOYEE,
      write: true,
    },
    'Add an organisation employee',
  ),
  editEmployee: post<{ body: In<typeof UserEditBodySchema> }>(
    '/system/org/editEmp',
    {
      perm: EMPLOYEE,
      write: true,
    },
    'Edit an organisation employee',
  ),
});
