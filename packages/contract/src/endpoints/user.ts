import type { PageQuerySchema, PageResult } from '../api.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type { ResetTwoFactorBodySchema } from '../two-factor.ts';
import type {
  RevealContactBodySchema,
  UserAddBodySchema,
  UserEditBodySchema,
  UserIdQuerySchema,
  UserPageBodySchema,
  UserRow,
  UserStatusBodySchema,
} from '../user.ts';

type ByUserId = { query: In<typeof UserIdQuerySchema> };

/** Users (2007001); the organisation page's employee list reads the same page. */
export const user = endpoints('user', {
  page: post<{ query: In<typeof PageQuerySchema>; body: In<typeof UserPageBodySchema> }, PageResult<UserRow>>(
    '/system/user/queryUserPage',
    { perm: [PERM.systemUser, PERM.orgDealerEmployee, PERM.orgInstallerEmployee], wholeScope: true },
    'List users',
  ),
  add: post<{ body: In<typeof UserAddBodySchema> }, { id: number }>(
    '/system/user/add',
    {
      perm: PERM.userAdd,
      write: true,
    },
    'Add a user',
  ),
  edit: post<{ body: In<typeof UserEditBodySchema> }>(
    '/system/user/edit',
    {
      perm: PERM.userEdit,
      write: true,
    },
    'Edit a user',
  ),
  delete: get<ByUserId>('/system/user/delete', { perm: PERM.userDelete, write: true }, 'Delete a user'),
  resetPassword: get<ByUserId>(
    '/system/user/resetPassword',
    {
      perm: PERM.userResetPassword,
      write: true,
    },
    "Reset a user's password",
  ),
  /** Only the provider's staff with this code (checked in the service): issue 17. */
  resetTwoFactor: post<{ body: In<typeof ResetTwoFactorBodySchema> }>(
    '/system/user/resetTwoFactor',
    {
      perm: PERM.userEdit,
      write: true,
    },
    "Reset a user's second factor",
  ),
  status: post<{ body: In<typeof UserStatusBodySchema> }>(
    '/system/user/updateAccountStatus',
    {
      perm: PERM.userStatus,
      write: true,
    },
    'Enable or disable a user',
  ),
  /** One's own contact is always revealable; another's needs a reveal code (checked in the service). */
  revealContact: post<{ body: In<typeof RevealContactBodySchema> }, string | null>(
    '/system/user/getMobileOrEmail',
    { signedIn: true },
    "Reveal a user's phone or e-mail",
  ),
});
