import { md5 } from '../../../src/lib/crypto.ts';
import { DEMO_PASSWORD, unique } from '../../helper.ts';
import { throwaway } from '../fixtures/throwaway.ts';
import { email, type MatrixEntry, page, row } from './shared.ts';

/** The permission matrix's rows: users. */

export const USER_ROWS: MatrixEntry[] = [
  // Users (2007001).
  {
    route: 'POST /system/user/queryUserPage',
    token: 'none',
    expect: row('200 200 200 200 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { orgId: side.org.id } }),
    hides: (s) => [s.employee.username],
  },
  {
    route: 'POST /system/user/add',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: {
        orgId: side.org.id,
        username: unique('user'),
        nickname: 'Matrix user',
        email: email('user'),
        roleIds: [fx.installerRoleId],
        password: md5(DEMO_PASSWORD),
      },
    }),
  },
  {
    route: 'POST /system/user/edit',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: { id: side.employee.id, orgId: side.org.id, nickname: 'Employee', roleIds: [fx.installerRoleId] },
    }),
  },
  {
    route: 'GET /system/user/delete',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: async ({ t, side, allowed }) => ({
      query: { userId: allowed ? await throwaway.user(t, side) : side.employee.id },
    }),
  },
  {
    route: 'GET /system/user/resetPassword',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ query: { userId: side.employee.id } }),
  },
  {
    // Only the provider's staff (issue 17), whatever codes another organisation's user holds.
    route: 'POST /system/user/resetTwoFactor',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 403 401'),
    request: ({ side }) => ({ body: { userId: side.employee.id } }),
  },
  {
    route: 'POST /system/user/updateAccountStatus',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({
      body: { userId: side.employee.id, status: allowed ? 'NORMAL' : 'FREEZE' },
    }),
  },
];
