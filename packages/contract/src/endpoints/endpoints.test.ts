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

  it('gives every endpoint a short summary of its own, in English (the API docs’ language)', () => {
    for (const e of ALL_ENDPOINTS) expect(e.summary, e.operationId).toMatch(/^[A-Z][^.]{5,60}$/);
    const summaries = ALL_ENDPOINTS.map((e) => e.summary);
    expect(summaries.filter((x, i) => summaries.indexOf(x) !== i)).toEqual([]);
  });

  it('keeps a former path as a deprecated alias for a while: a sunset after its deprecation, a path apart', () => {
    for (const e of ALL_ENDPOINTS)
      for (const f of e.formerPaths ?? []) {
        expect(f.deprecated < f.sunset, e.operationId).toBe(true);
        expect(f.sunset, e.operationId).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(
          ALL_ENDPOINTS.some((x) => x.method === e.method && x.path === f.path),
          f.path,
        ).toBe(false);
      }
  });

  it('opens a route to API tokens only where it says so, a write only to read-write tokens', () => {
    const by = (kind: 'read' | 'write') =>
      ALL_ENDPOINTS.filter((e) => 'token' in e.access && e.access.token === kind).map(
        (e) => `${e.method} ${e.path}`,
      );
    for (const e of ALL_ENDPOINTS) {
      const a = e.access as { public?: true; write?: boolean; token?: string };
      if (a.public) expect(a.token, e.path).toBeUndefined();
      // A read-only token may call what changes nothing, and nothing else.
      if (a.token === 'read') expect(a.write, e.path).toBeFalsy();
      if (a.token === 'write') expect(a.write, e.path).toBe(true);
    }
    // Plant data, read: what an integration (a monitoring system, an ERP, a home automation) reads.
    expect(by('read').sort()).toEqual(
      [
        'POST /iot/alarm/page',
        'POST /iot/alarm/summary',
        'GET /iot/alarm/bell',
        'POST /iot/alarm/detail',
        'POST /iot/alarm/export',
        'GET /auth/user/getUserInfo',
        'POST /system/manufacturer/page',
        'GET /system/manufacturer/all',
        'POST /system/deviceSpec/page',
        'GET /station/commissioning/checklist',
        'GET /station/commissioning/protocol',
        'GET /station/dashboard',
        'POST /iot/device/page',
        'GET /iot/device/detail',
        'POST /iot/device/history',
        'GET /iot/device/replacements',
        'GET /iot/stationPower/getEquipmentStatisticsParams',
        'POST /system/faultCode/page',
        'POST /system/faultCode/export',
        'GET /file/pictures/:name',
        'POST /system/org/tree',
        'POST /system/org/page',
        'GET /system/org/detail/:id',
        'POST /station/station/page',
        'POST /station/station/kpi',
        'POST /station/station/map',
        'GET /station/station/orgTree',
        'GET /station/station/findAddress/:id',
        'GET /station/station/detail/:id',
        'GET /station/station/overview/:id',
        'GET /station/station/powerCurve/:id',
        'GET /station/station/realtime/:id',
        'POST /station/station/energy',
        'GET /station/station/performance/:id',
        'POST /iot/device/setAside/page',
        'GET /iot/device/setAside/recompute',
        'POST /iot/remote/params/state',
        'POST /iot/remote/audit/page',
        'POST /iot/remote/audit/export',
        'POST /station/report/energy',
        'POST /station/report/energy/export',
        'POST /station/report/fleet',
        'POST /station/report/fleet/export',
        'POST /station/report/alarm',
        'POST /station/report/alarm/export',
        'POST /station/tariff/list',
        'GET /station/tariff/recompute/:id',
      ].sort(),
    );
    // Plant data, written: what such an integration changes on the plants it looks after.
    expect(by('write').sort()).toEqual(
      [
        'POST /iot/alarm/acknowledge',
        'POST /iot/alarm/close',
        'POST /station/commissioning/tick',
        'POST /station/commissioning/untick',
        'POST /station/commissioning/complete',
        'POST /file/upload',
        'POST /station/station/add',
        'POST /station/station/edit',
        'POST /iot/device/setAside/decide',
        'POST /iot/remote/params/read',
        'POST /station/tariff/add',
        'POST /station/tariff/edit',
        'POST /station/tariff/delete',
        'POST /station/tariff/prices',
        'POST /station/tariff/import',
      ].sort(),
    );
    // Never by token (issue 33): credentials and tokens, two-factor, users and roles, webhooks, dongle
    // secrets, deleting plants or devices, owner invitations, firmware and upgrades, remote writes — and
    // what would outlive a stolen token (share links, report subscriptions, like webhooks).
    const never =
      /^\/(system\/(apiToken|user|role|menu|webhook|owner|manufacturer\/key)|auth\/user\/(updatePassword|bindInfo|confirmContact|cancel|twoFactor|logout|consent)|station\/(invitation|share|report\/subscription)|station\/station\/(delete|dongle)|iot\/(firmware|upgrade|device\/replace$|remote\/params\/write))/;
    const open = [...by('read'), ...by('write')];
    for (const e of ALL_ENDPOINTS.filter((x) => never.test(x.path)))
      expect(open, e.path).not.toContain(`${e.method} ${e.path}`);
    expect(ALL_ENDPOINTS.filter((x) => never.test(x.path)).length).toBeGreaterThan(60);
  });

  it('asks a recent proof of presence for the dangerous actions, which no token may take', () => {
    const stepUp = ALL_ENDPOINTS.filter((e) => (e.access as { stepUp?: boolean }).stepUp);
    expect(stepUp.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'POST /station/station/delete',
        'POST /station/station/dongle/resetSecret',
        'POST /system/webhook/add',
        'POST /system/webhook/edit',
        'POST /system/webhook/rotateSecret',
        'POST /station/invitation/add',
        'POST /iot/upgrade/task/add',
        'POST /iot/upgrade/task/resume',
        'POST /iot/upgrade/task/retry',
        'POST /iot/remote/params/write',
        // Authorising a program to take devices back to an older version.
        'POST /iot/firmware/rollback',
      ].sort(),
    );
    for (const e of stepUp) expect((e.access as { token?: string }).token, e.path).toBeUndefined();
  });
});
