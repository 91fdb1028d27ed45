import { md5 } from '../../../src/lib/crypto.ts';
import { DEMO_PASSWORD, unique } from '../../helper.ts';
import { throwaway } from '../fixtures/throwaway.ts';
import { email, type MatrixEntry, page, row } from './shared.ts';

/** The permission matrix's rows: organisations. */

export const ORGANISATION_ROWS: MatrixEntry[] = [
  // Organisations (dealer page 2005001: provider only; installer page 2005002: provider and dealers).
  {
    route: 'POST /system/org/tree',
    token: 'read',
    expect: row('200 200 200 200 403 403 403 200 200 401'),
    request: () => ({ body: {} }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /system/org/page',
    token: 'read',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { parentId: side.org.parentId } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'GET /system/org/detail/:id',
    token: 'read',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ params: { id: side.org.id } }),
  },
  // The former path of /system/org/detail/:id (a deprecated alias until its sunset): the same rules.
  {
    route: 'GET /system/org/:id(^\\d+$)',
    token: 'read',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ params: { id: side.org.id } }),
  },
  {
    route: 'POST /system/org/add',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: { name: unique('Matrix family '), type: 'OWNER', parentId: side.org.id },
    }),
  },
  {
    route: 'POST /system/org/edit',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: {
        id: side.org.id,
        name: side.org.name,
        type: 'INSTALLER',
        parentId: side.org.parentId,
        address: side.org.address,
        status: 'NORMAL',
      },
    }),
  },
  {
    route: 'POST /system/org/delete',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: async ({ t, fx, side, allowed }) => {
      const org = allowed ? await throwaway.org(t, fx) : { id: side.org.id, name: side.org.name };
      return { body: { id: org.id, confirmName: org.name } };
    },
  },
  {
    // Allowed callers confirm the status it has; the others try to freeze it.
    route: 'POST /system/org/updateStatus',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({ body: { id: side.org.id, status: allowed ? 'NORMAL' : 'FREEZE' } }),
  },
  {
    route: 'POST /system/org/createEmp',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: {
        orgId: side.org.id,
        username: unique('emp'),
        nickname: 'Matrix employee',
        email: email('emp'),
        roleIds: [fx.installerRoleId],
        password: md5(DEMO_PASSWORD),
      },
    }),
  },
  {
    route: 'POST /system/org/editEmp',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: { id: side.employee.id, orgId: side.org.id, nickname: 'Employee', roleIds: [fx.installerRoleId] },
    }),
  },
];
