import { unique } from '../../helper.ts';
import { throwaway } from '../fixtures/throwaway.ts';
import { type MatrixEntry, page, row, serial } from './shared.ts';

/** The permission matrix's rows: roles, the audit log and menus. */

export const ROLE_MENU_ROWS: MatrixEntry[] = [
  // Roles (2007002: provider and dealers) and menus (2007003: provider).
  {
    route: 'POST /system/role/page',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { roleName: side.role.code } }),
    hides: (s) => [s.role.code],
  },
  {
    route: 'GET /system/role/options',
    token: 'none',
    expect: row('200 200 200 200 403 403 403 200 200 401'),
    request: () => ({}),
    hides: (s) => [s.role.code],
  },
  {
    route: 'GET /system/role/detail/:id',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ params: { id: side.role.id } }),
  },
  // The former path of /system/role/detail/:id (a deprecated alias until its sunset): the same rules.
  {
    route: 'GET /system/role/:id(^\\d+$)',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ params: { id: side.role.id } }),
  },
  {
    route: 'POST /system/role/add',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: () => {
      const code = unique('MXNEW').toUpperCase();
      return {
        body: {
          roleName: code,
          roleCode: code,
          roleType: 'INSTALLER',
          dataScope: 'ORG_AND_SUB',
          permCodes: ['2001'],
        },
      };
    },
  },
  {
    route: 'POST /system/role/edit',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: {
        id: side.role.id,
        roleName: side.role.code,
        roleCode: side.role.code,
        roleType: 'INSTALLER',
        dataScope: 'ORG_AND_SUB',
        permCodes: ['2001', '2001001'],
      },
    }),
  },
  {
    route: 'POST /system/role/updateStatus',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({
      body: { id: side.role.id, status: allowed ? 'ENABLED' : 'DISABLED' },
    }),
  },
  {
    route: 'GET /system/role/delete',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: async ({ t, side, allowed }) => ({
      query: { roleId: allowed ? await throwaway.role(t, side) : side.role.id },
    }),
  },
  {
    // The audit log (2007004) shows other people's sign-ins: not for view-only roles, in the caller's scope.
    route: 'POST /system/audit/page',
    token: 'none',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ query: page, body: { username: side.installer } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'POST /system/audit/export',
    token: 'none',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ body: { username: side.installer } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'GET /system/audit/actions',
    token: 'none',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: () => ({}),
  },
  {
    route: 'GET /system/menu/tree',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({}),
  },
  {
    route: 'GET /system/menu/grantable',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: () => ({}),
  },
  {
    route: 'POST /system/menu/add',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({
      body: {
        type: 'BUTTON',
        name: unique('Matrix button '),
        permCode: `97${Date.now() % 1e9}${serial()}`,
      },
    }),
  },
  {
    route: 'POST /system/menu/edit',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: { id: fx.menu.id, type: 'BUTTON', name: fx.menu.name, permCode: fx.menu.permCode },
    }),
  },
  {
    route: 'GET /system/menu/delete',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      query: { menuId: allowed ? await throwaway.menu(t) : fx.menu.id },
    }),
  },
];
