import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_PLANT_DAYS, SHARE_TOKEN_LENGTH } from '@pvstar/contract/plant-share';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextIp } from '../../../test/helper.ts';
import {
  NOW,
  type PlantDataFixture,
  setUpPlantData,
  tearDownPlantData,
} from '../../../test/plant-data-fixture.ts';
import {
  auditLog,
  devices,
  dongles,
  organizations,
  plantEnergyDaily,
  plantShareLinks,
  plants,
  users,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

let fx: PlantDataFixture;
/** What must never show on the public page: the plant's and its people's personal and technical details. */
let secrets: string[];
let webDir: string;

/** A call as a browser or a client makes it, from an address of its own (per-IP limits). */
const visit = async (url: string, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
  await fx.t.app.inject({ method: 'GET', url, remoteAddress: ip, headers });
const asJson = { accept: 'application/json', 'accept-language': 'en-GB' };

async function share(body: Record<string, unknown> = {}, who = 'demo-installer-a') {
  const res = await fx.call('POST', '/station/share/add', who, { stationId: fx.plantA, ...body });
  return res;
}

beforeAll(async () => {
  fx = await setUpPlantData();
  const db = fx.t.ctx.db;
  // Plant A gets everything a leak could show: an address, coordinates, an owner's contact, a number.
  await db
    .update(plants)
    .set({
      countryCode: 'DE',
      regionCode: 'DE-BY',
      address: 'Leakstraße 17, 86150 Augsburg',
      latitude: 48.3705449,
      longitude: 10.89779,
      ownerName: 'Olga Leakowner',
      ownerContactType: 'EMAIL',
      ownerContact: 'olga.leak@owner.example',
    })
    .where(eq(plants.id, fx.plantA));
  const [plant] = await db.select().from(plants).where(eq(plants.id, fx.plantA));
  const [owner] = await db.select().from(users).where(eq(users.id, plant!.ownerUserId!));
  await db
    .update(users)
    .set({ nickname: 'Owner Nick Leak', phone: '+4915112345678' })
    .where(eq(users.id, owner!.id));
  const [org] = await db.select().from(organizations).where(eq(organizations.id, plant!.orgId));
  const serials = await db.select({ sn: devices.sn }).from(devices).where(eq(devices.plantId, fx.plantA));
  const dongleSns = await db.select({ sn: dongles.sn }).from(dongles).where(eq(dongles.plantId, fx.plantA));
  secrets = [
    owner!.username,
    owner!.email!,
    '+4915112345678',
    '4915112345678',
    'Owner Nick Leak',
    'Olga Leakowner',
    'olga.leak@owner.example',
    'Leakstraße',
    '86150',
    'Augsburg',
    '48.37',
    '10.89',
    org!.name,
    plant!.plantNo,
    ...serials.map((s) => s.sn),
    ...dongleSns.map((s) => s.sn),
  ];
  expect(serials.length).toBeGreaterThan(0);
  // The web app's page, as a build leaves it (the route serves it for the kiosk view).
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>PVSTAR</title></head><body><div id="root"></div></body></html>',
  );
  (fx.t.ctx.config as { WEB_DIST: string }).WEB_DIST = webDir;
});

afterAll(async () => {
  await tearDownPlantData(fx.t);
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('share links (POST /station/share/…)', () => {
  it('makes a long random token, keeps only its hash, lists it without the token and logs it', async () => {
    const res = await share({ label: 'Lobby screen' });
    expect(res.status).toBe(200);
    const { id, token, path: link } = res.body.data;
    expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${SHARE_TOKEN_LENGTH}}$`));
    expect(link).toBe(`/public/plant/${token}`);
    const [row] = await fx.t.ctx.db.select().from(plantShareLinks).where(eq(plantShareLinks.id, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(Object.values(row!)).not.toContain(token);

    const list = await fx.call('POST', '/station/share/page', 'demo-installer-a', { stationId: fx.plantA });
    expect(list.status).toBe(200);
    const listed = list.body.data.list.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({
      label: 'Lobby screen',
      tokenPrefix: token.slice(0, 6),
      state: 'ACTIVE',
      expiresAt: null,
      revokedAt: null,
      createdBy: 'demo-installer-a',
    });
    expect(JSON.stringify(list.body)).not.toContain(token);

    const [entry] = await fx.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plantShare.add'), eq(auditLog.targetId, String(fx.plantA))));
    expect(entry).toMatchObject({ targetType: 'plant', username: 'demo-installer-a' });
    expect(JSON.stringify(entry!.detail)).not.toContain(token);
  });

  it('is for the plant’s managers only: another tenant gets 404, the owner and a guest 403', async () => {
    for (const url of ['/station/share/add', '/station/share/page']) {
      expect((await fx.call('POST', url, 'demo-installer-b', { stationId: fx.plantA })).status).toBe(404);
      expect((await fx.call('POST', url, 'demo-owner', { stationId: fx.plantA })).status).toBe(403);
      expect((await fx.call('POST', url, 'demo-guest', { stationId: fx.plantA })).status).toBe(403);
    }
    const { id } = (await share()).body.data;
    expect((await fx.call('POST', '/station/share/revoke', 'demo-installer-b', { id })).status).toBe(404);
    expect((await fx.call('POST', '/station/share/revoke', 'demo-owner', { id })).status).toBe(403);
  });

  it('refuses an expiry in the past or too far ahead, and a label too long, naming the field', async () => {
    const past = await share({ expiresAt: new Date(NOW - 60_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.data.fields[0].field).toBe('expiresAt');
    expect(past.body.msg).toContain('future');
    const far = await share({ expiresAt: new Date(NOW + 4_000 * 86_400_000).toISOString() });
    expect(far.status).toBe(422);
    const long = await share({ label: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.data.fields[0].field).toBe('label');
    const bad = await share({ expiresAt: 'tomorrow' });
    expect(bad.status).toBe(400);
  });
});

describe('the public plant page (GET /public/plant/:token)', () => {
  it('answers the figures of the plant detail’s own functions, and nothing personal', async () => {
    const { token } = (await share()).body.data;
    const res = await visit(`/public/plant/${token}/data`, asJson);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;

    // Exactly these fields, no more: a new field must be added here on purpose.
    expect(Object.keys(page).sort()).toEqual(
      [
        'co2AvoidedKg',
        'co2KgPerKwh',
        'day',
        'days',
        'hasBattery',
        'installedCapacity',
        'month',
        'name',
        'place',
        'powerFlow',
        'status',
        'timezone',
        'today',
        'total',
        'updatedAt',
      ].sort(),
    );
    const overview = (await fx.call('GET', `/station/station/overview/${fx.plantA}`, 'demo-installer-a')).body
      .data;
    expect(page.name).toBe('Detail plant A');
    expect(page.place).toBe('Bavaria, Germany');
    expect(page.timezone).toBe(overview.timezone);
    expect(page.day).toBe(overview.day);
    expect(page.status).toBe(overview.status);
    expect(page.installedCapacity).toBe(overview.installedCapacity);
    expect(page.hasBattery).toBe(overview.hasBattery);
    expect(page.powerFlow).toEqual(overview.powerFlow);
    expect(page.today).toBe(overview.today.generation);
    expect(page.month).toBe(overview.month.generation);
    expect(page.total).toBe(overview.lifetime.generation);
    // The dashboard's CO₂ rule, of the total the page shows: total × Germany's grid factor.
    expect(page.co2KgPerKwh).toBe(0.38);
    expect(page.co2AvoidedKg).toBeCloseTo(overview.lifetime.generation * 0.38, 9);
    const energy = await fx.energy('demo-installer-a', {
      dateType: 'date',
      from: '2026-10-17',
      to: '2026-11-15',
    });
    expect(page.days).toHaveLength(PUBLIC_PLANT_DAYS);
    expect(page.days).toEqual(
      energy.body.data.rows.map((r: { period: string; generation: number }) => ({
        day: r.period,
        generation: r.generation,
      })),
    );
    expect(page.days.at(-1)).toEqual({ day: '2026-11-15', generation: 10 });

    // Nothing personal or technical, anywhere: JSON (both paths), the HTML page, in every language asked.
    const texts = [
      res.body,
      (await visit(`/public/plant/${token}`, asJson)).body,
      (await visit(`/public/plant/${token}/data?lang=de-DE`)).body,
      (await visit(`/public/plant/${token}`, { accept: 'text/html' })).body,
    ];
    for (const text of texts)
      for (const secret of secrets) expect(text, `${secret} leaked`).not.toContain(secret);
    // Nor an id: the plant's, its devices' or the link's.
    expect(JSON.stringify(page)).not.toMatch(/"(id|plantId|deviceId|sn|owner\w*|org\w*)"/i);
  });

  it('speaks the visitor’s language: ?lang=, else the lang header, else Accept-Language', async () => {
    const { token } = (await share()).body.data;
    const place = async (url: string, headers: Record<string, string>) =>
      (await visit(url, headers)).json().data.place;
    expect(await place(`/public/plant/${token}/data?lang=de-DE`, { 'accept-language': 'en-GB' })).toBe(
      'Bayern, Deutschland',
    );
    expect(await place(`/public/plant/${token}/data`, { 'accept-language': 'fr-CH, de;q=0.5' })).toBe(
      'Bavaria, Allemagne',
    );
    expect(await place(`/public/plant/${token}/data`, { 'accept-language': 'da, de;q=0.5' })).toBe(
      'Bayern, Deutschland',
    );
  });

  it('serves the web app’s page to a browser, JSON to a client asking for it', async () => {
    const { token } = (await share()).body.data;
    const html = await visit(`/public/plant/${token}`, { accept: 'text/html,application/xhtml+xml,*/*' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('<div id="root">');
    expect(html.headers.vary).toContain('Accept');
    const json = await visit(`/public/plant/${token}`, asJson);
    expect(json.statusCode).toBe(200);
    expect(json.json().data.name).toBe('Detail plant A');
  });

  it('is cacheable for 60 s with an ETag, and works the figures out at most once a minute', async () => {
    const { token } = (await share()).body.data;
    const first = await visit(`/public/plant/${token}/data`, asJson);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await visit(`/public/plant/${token}/data`, { ...asJson, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // New data within the minute is not worked out again; after it, it is.
    await fx.t.ctx.db
      .update(plantEnergyDaily)
      .set({ generation: 12 })
      .where(and(eq(plantEnergyDaily.plantId, fx.plantA), eq(plantEnergyDaily.day, '2026-11-15')));
    try {
      vi.setSystemTime(NOW + 30_000);
      expect((await visit(`/public/plant/${token}/data`, asJson)).json().data.today).toBe(10);
      vi.setSystemTime(NOW + 61_000);
      const later = await visit(`/public/plant/${token}/data`, asJson);
      expect(later.json().data.today).toBe(12);
      expect(later.headers.etag).not.toBe(etag);
    } finally {
      await fx.t.ctx.db
        .update(plantEnergyDaily)
        .set({ generation: 10 })
        .where(and(eq(plantEnergyDaily.plantId, fx.plantA), eq(plantEnergyDaily.day, '2026-11-15')));
      vi.setSystemTime(NOW + 122_000);
      await visit(`/public/plant/${token}/data`, asJson);
      vi.setSystemTime(NOW);
    }
  });

  it('answers a revoked, an expired and an unknown link with the same 404, as JSON and as the page', async () => {
    const revoked = (await share()).body.data.token;
    expect((await visit(`/public/plant/${revoked}/data`, asJson)).statusCode).toBe(200);
    const { id } = (
      await fx.call('POST', '/station/share/page', 'demo-installer-a', { stationId: fx.plantA })
    ).body.data.list[0];
    expect((await fx.call('POST', '/station/share/revoke', 'demo-installer-a', { id })).status).toBe(200);
    // Revoking twice is no error.
    expect((await fx.call('POST', '/station/share/revoke', 'demo-installer-a', { id })).status).toBe(200);
    const expiring = (await share({ expiresAt: new Date(NOW + 3_600_000).toISOString() })).body.data.token;
    expect((await visit(`/public/plant/${expiring}/data`, asJson)).statusCode).toBe(200);
    vi.setSystemTime(NOW + 3_600_001);
    try {
      const unknown = 'A'.repeat(SHARE_TOKEN_LENGTH);
      const answers = [];
      for (const token of [revoked, expiring, unknown, 'short']) {
        const json = await visit(`/public/plant/${token}/data`, asJson);
        const negotiated = await visit(`/public/plant/${token}`, asJson);
        const html = await visit(`/public/plant/${token}`, { accept: 'text/html' });
        expect([json.statusCode, negotiated.statusCode, html.statusCode]).toEqual([404, 404, 404]);
        expect(html.body).toContain('<div id="root">');
        answers.push([json.body, negotiated.body, html.body, html.headers['cache-control']]);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(JSON.parse(answers[0]![0] as string)).toEqual({
        code: 404,
        msg: 'This plant page is not available: the link is wrong, has expired or was revoked',
        data: null,
      });
    } finally {
      vi.setSystemTime(NOW);
    }
    const listed = (
      await fx.call('POST', '/station/share/page', 'demo-installer-a', { stationId: fx.plantA })
    ).body.data.list;
    expect(listed.find((r: { id: number }) => r.id === id).state).toBe('REVOKED');
    const [entry] = await fx.t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'plantShare.revoke'));
    expect(entry).toMatchObject({ targetType: 'plant', targetId: String(fx.plantA) });
  });

  it('limits each address: 429 beyond PUBLIC_PAGE_RATE_PER_MINUTE a minute, other addresses unaffected', async () => {
    const { token } = (await share()).body.data;
    const ip = nextIp();
    const max = fx.t.ctx.config.PUBLIC_PAGE_RATE_PER_MINUTE;
    for (let i = 0; i < max; i++)
      expect((await visit(`/public/plant/${token}/data`, asJson, ip)).statusCode).toBe(200);
    const limited = await visit(`/public/plant/${token}/data`, asJson, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await visit(`/public/plant/${token}/data`, asJson, nextIp())).statusCode).toBe(200);
  });
});
