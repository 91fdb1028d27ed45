import type { Lang } from '@pvstar/contract/lang';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, leakedSecrets, nextIp, type TestApp } from '../../../test/helper.ts';
import { auditLog } from '../../db/schema/index.ts';

/** The maps' default tile server (MAP_TILE_URL) and its attribution. */
const OSM = {
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapTileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
};
const TILES = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('/health answers 200', async () => {
    const res = await t.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: 'Success', data: { status: 'up' } });
  });

  it('/ready answers 200 when database and broker are up', async () => {
    const res = await t.call('GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { database: true, broker: true } });
  });

  it("/ready tells, in demo mode, whether the demo plants' history is in (and stays ready meanwhile)", async () => {
    let filled = false;
    t.ctx.demoHistoryReady = () => filled;
    try {
      const filling = await t.call('GET', '/ready');
      expect(filling.status).toBe(200);
      expect(filling.body.data).toEqual({ database: true, broker: true, demoHistory: false });
      filled = true;
      expect((await t.call('GET', '/ready')).body.data).toEqual({
        database: true,
        broker: true,
        demoHistory: true,
      });
    } finally {
      t.ctx.demoHistoryReady = undefined;
    }
    expect((await t.call('GET', '/ready')).body.data).toEqual({ database: true, broker: true });
  });

  it('/ready answers 503 while the broker is down', async () => {
    const up = t.ctx.brokerReady;
    t.ctx.brokerReady = () => false;
    try {
      const res = await t.call('GET', '/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 503, msg: 'service fail', data: { database: true, broker: false } });
    } finally {
      t.ctx.brokerReady = up;
    }
    expect((await t.call('GET', '/ready')).status).toBe(200);
  });

  it('/ready answers 503 while the database does not answer', async () => {
    const ping = t.ctx.database.ping;
    t.ctx.database.ping = async () => false;
    try {
      const res = await t.call('GET', '/ready');
      expect(res.status).toBe(503);
      expect(res.body.data).toEqual({ database: false, broker: true });
    } finally {
      t.ctx.database.ping = ping;
    }
  });
});

describe('reference data', () => {
  it('lists the language areas with phone codes', async () => {
    const res = await t.call('GET', '/system/crc/selectAll');
    expect(res.status).toBe(200);
    const byCode = new Map(res.body.data.map((e: { countryCode: string }) => [e.countryCode, e]));
    expect(byCode.get('DE')).toMatchObject({
      countryRegionEn: 'Germany',
      countryRegionZh: '德国',
      phoneCode: '+49',
      lang: 'de-DE',
    });
    for (const code of ['CN', 'US', 'AU', 'GB', 'CH', 'NO']) expect(byCode.has(code), code).toBe(true);
    expect(byCode.get('CN')).toMatchObject({ phoneCode: '+86' });
  });

  it('lists the 16 German states for DE, Bayern among them', async () => {
    const res = await t.call('POST', '/system/area/getBysuperiorCode', { body: { superiorCode: 'DE' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(16);
    expect(res.body.data).toContainEqual({
      code: 'DE-BY',
      superiorCode: 'DE',
      nameEn: 'Bavaria',
      nameLocal: 'Bayern',
    });
    const lower = await t.call('POST', '/system/area/getBysuperiorCode', { body: { superiorCode: 'de' } });
    expect(lower.body.data).toEqual(res.body.data);
  });

  it('lists the countries for superior code 0 and nothing for an unknown code', async () => {
    const countries = await t.call('POST', '/system/area/getBysuperiorCode', { body: { superiorCode: '0' } });
    expect(countries.body.data.map((a: { code: string }) => a.code)).toContain('DE');
    const unknown = await t.call('POST', '/system/area/getBysuperiorCode', { body: { superiorCode: 'XX' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
  });

  it('names the superior code when it is missing', async () => {
    const res = await t.call('POST', '/system/area/getBysuperiorCode', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Superior code: Required');
    const de = await t.call('POST', '/system/area/getBysuperiorCode', { body: {}, lang: 'de-DE' });
    expect(de.body.msg).toBe('Code der übergeordneten Region: Pflichtfeld');
  });

  it('lists the units, kWh and t among them', async () => {
    const res = await t.call('GET', '/system/unit/getAllUnit');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ code: 'kWh', symbol: 'kWh', quantity: 'energy' });
    expect(res.body.data).toContainEqual({ code: 't', symbol: 't', quantity: 'mass' });
  });

  it('gives the public configuration', async () => {
    const res = await t.call('GET', '/system/config');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ appTitle: 'PVSTAR', demo: true, ...OSM });
  });

  it("adds the embedded broker's port for the provider's administrators only", async () => {
    t.ctx.mqttPort = 41883;
    try {
      const admin = await t.call('GET', '/system/config', { token: await t.login('admin') });
      expect(admin.body.data).toEqual({ appTitle: 'PVSTAR', demo: true, ...OSM, mqttPort: 41883 });
      for (const account of ['demo-dealer', 'demo-installer-a', 'demo-owner']) {
        const res = await t.call('GET', '/system/config', { token: await t.login(account) });
        expect(res.body.data).toEqual({ appTitle: 'PVSTAR', demo: true, ...OSM });
      }
      const forged = await t.call('GET', '/system/config', { token: 'not-a-session-token' });
      expect(forged.body.data).toEqual({ appTitle: 'PVSTAR', demo: true, ...OSM });
    } finally {
      t.ctx.mqttPort = null;
    }
  });
});

describe('the envelope and its language', () => {
  it('answers an unknown route with a 404 envelope in the caller language, German by default', async () => {
    const en = await t.call('GET', '/no/such/route');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 404, msg: 'No such route', data: null });
    const de = await t.call('GET', '/no/such/route', { lang: 'de-DE' });
    const unknown = await t.call('GET', '/no/such/route', { lang: 'tlh-KL' as Lang });
    expect(de.body.msg).not.toBe(en.body.msg);
    expect(unknown.body).toEqual(de.body);
    const none = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(none.json()).toEqual(de.body);
  });

  it('answers a verb path asked with the other method 405 naming the allowed one, never as an id', async () => {
    const token = await t.login('admin');
    for (const url of ['/system/role/page', '/system/org/page', '/station/station/page']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, lang: 'en-GB' },
      });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json()).toEqual({
        code: 405,
        msg: 'This route does not take GET (allowed: POST)',
        data: null,
      });
    }
    // Ids and verbs have distinct paths: the detail is under /detail/.
    const roles = await t.call('POST', '/system/role/page', {
      token,
      body: {},
      query: { pageNum: 1, pageSize: 10 },
    });
    const id = roles.body.data.list[0].id;
    expect((await t.call('GET', `/system/role/detail/${id}`, { token })).body.data.id).toBe(id);
    // The former path answers as a deprecated alias until its sunset (docs/api-changelog.md).
    const former = await t.app.inject({
      method: 'GET',
      url: `/system/role/${id}`,
      headers: { authorization: `Bearer ${token}`, lang: 'en-GB' },
    });
    expect(former.statusCode).toBe(200);
    expect(former.headers.deprecation).toMatch(/^@\d+$/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('the audit log', () => {
  it('is append-only: UPDATE and DELETE through the database fail', async () => {
    await t.login('admin');
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login')).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.ctx.db.update(auditLog).set({ action: sql`'tampered'` }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const [after] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after).toEqual(row);
  });
});

describe('without demo mode', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ DEMO: 'false', APP_TITLE: 'SolarX', MAP_TILE_URL: TILES });
  });
  afterAll(() => off.close());

  it('has no demo login (404) and says so in the public configuration', async () => {
    const res = await off.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('The demo account is not available');
    expect((await off.call('GET', '/system/config')).body.data).toEqual({
      appTitle: 'SolarX',
      demo: false,
      mapTileUrl: TILES,
      mapTileAttribution: OSM.mapTileAttribution,
    });
  });

  it('hands the maps the configured tile server and lets the browser load its tiles (CSP img-src)', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/system/config' });
    expect(res.json().data.mapTileUrl).toBe(TILES);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.org/);
    expect(csp).not.toContain('tile.openstreetmap.org');
  });

  it('puts the configured title into the code mail', async () => {
    const res = await off.call('POST', '/system/smsEmail/send', {
      body: { contactType: 'EMAIL', contact: 'someone@test.pvstar.local', purpose: 'REGISTER' },
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
    const [mail] = await off.outboxFor('someone@test.pvstar.local');
    expect(mail!.subject).toBe('SolarX verification code');
  });
});

it('never answers with a password hash', () => {
  expect(t.responses.length).toBeGreaterThan(10);
  expect(leakedSecrets(t)).toEqual([]);
});
