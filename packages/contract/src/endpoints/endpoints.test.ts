import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from './index.ts';

/** Modules an endpoint table may take values from: none of them builds a schema (decision 007). */
const ZOD_FREE = new Set(['../endpoint.ts', '../perm.ts', '../client.ts', '../enum-values.ts']);

describe('endpoint table', () => {
  it('loads no schema library at run time: values only from zod-free modules, the rest as types', () => {
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const [, typeOnly, from] of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
        if (typeOnly || from!.startsWith('./')) continue;
        expect(ZOD_FREE.has(from!), `${file} imports values from ${from}`).toBe(true);
      }
    }
  });

  it('names every endpoint once and gives each method and path once', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps an API token away from the account’s secrets: these routes need an interactive session', () => {
    const sessionOnly = ALL_ENDPOINTS.filter((e) => 'session' in e.access && e.access.session)
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(sessionOnly).toEqual(
      [
        'POST /system/apiToken/add',
        'POST /system/apiToken/page',
        'POST /system/apiToken/revoke',
        'POST /auth/user/logout',
        'POST /auth/user/bindInfo',
        'POST /auth/user/confirmContact',
        'POST /auth/user/updatePassword',
        'POST /auth/user/cancel',
        'POST /auth/user/twoFactor/setup',
        'POST /auth/user/twoFactor/enable',
        'POST /auth/user/twoFactor/disable',
        // A data-sharing consent is the account holder's own decision, like a contact or a second factor.
        'POST /auth/user/consent/withdraw',
        'POST /auth/user/consent/grant',
        'POST /system/user/add',
        'POST /system/user/edit',
        'GET /system/user/delete',
        'GET /system/user/resetPassword',
        'POST /system/user/resetTwoFactor',
        'POST /system/user/updateAccountStatus',
        'POST /system/user/getMobileOrEmail',
        'POST /system/role/add',
        'POST /system/role/edit',
        'POST /system/role/updateStatus',
        'GET /system/role/delete',
        'POST /system/menu/add',
        'POST /system/menu/edit',
        'GET /system/menu/delete',
        'POST /system/org/createEmp',
        'POST /system/org/editEmp',
        'POST /iot/remote/params/write',
        'POST /iot/upgrade/task/add',
        'POST /iot/upgrade/task/resume',
        'POST /iot/upgrade/task/retry',
      ].sort(),
    );
    // Every route that sets a password or grants codes is among them: users, roles, menus, own account.
    for (const e of ALL_ENDPOINTS)
      if (/^\/system\/(user|role|menu)\/(add|edit|delete|resetPassword|updateStatus)/.test(e.path))
        expect(sessionOnly, e.path).toContain(`${e.method} ${e.path}`);
  });
});
