import type { Lang } from '@pvstar/contract/lang';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, unique } from '../../../test/helper.ts';
import { auditLog, deviceSpecs, manufacturers } from '../../db/schema/index.ts';
import { seedBasicDevice } from '../../db/seed/basic-devices.ts';

let t: TestApp;
let admin: string;
let instA: string;
let guest: string;
let demo: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, instA, guest] = await Promise.all([
    t.login('admin'),
    t.login('demo-installer-a'),
    t.login('demo-guest'),
  ]);
  demo = (await t.call('POST', '/auth/user/demo/login', { body: {} })).body.data;
});
afterAll(() => t.close());

const post = (url: string, token: string | undefined, body: unknown, lang?: Lang) =>
  t.call('POST', url, { ...(token ? { token } : {}), body, ...(lang ? { lang } : {}) });
const page = async (url: string, body: Record<string, unknown> = {}, pageNum = 1, pageSize = 100) => {
  const res = await t.call('POST', url, { token: admin, body, query: { pageNum, pageSize } });
  expect(res.status).toBe(200);
  return res.body.data as { total: number; list: Record<string, any>[] };
};
const addMaker = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await post('/system/manufacturer/add', admin, { name, ...extra });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
};
const addSpec = async (manufacturerId: number, deviceSpecs: string, deviceType = 'INVERTER') => {
  const res = await post('/system/deviceSpec/add', admin, { manufacturerId, deviceSpecs, deviceType });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
};
const fields = (res: { body: { data: any } }) =>
  [...new Set((res.body.data?.fields ?? []).map((f: { field: string }) => f.field))] as string[];

describe('seed', () => {
  it('files the well-known makers with specifications, once', async () => {
    const all = await t.call('GET', '/system/manufacturer/all', { token: admin });
    expect(all.status).toBe(200);
    const names = all.body.data.map((m: { name: string }) => m.name).join('|');
    for (const maker of ['Sungrow', 'Huawei', 'SMA', 'Fronius', 'GoodWe', 'BYD', 'Growatt', 'SolarEdge'])
      expect(names).toContain(maker);
    const specs = await page('/system/deviceSpec/page');
    expect(specs.total).toBeGreaterThanOrEqual(16);
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(deviceSpecs);
    await seedBasicDevice(t.ctx.db);
    const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(deviceSpecs);
    expect(after).toEqual(before);
  });
});

describe('seeded descriptions', () => {
  const sungrow = async (lang: Lang) => {
    const res = await t.call('POST', '/system/manufacturer/page', {
      token: admin,
      body: { name: 'Sungrow' },
      query: { pageNum: 1, pageSize: 10 },
      lang,
    });
    return res.body.data.list[0] as { id: number; name: string; abbreviation: string; desc: string };
  };

  it('reads in the reader’s language, and stays so when saved unchanged; what a user writes is kept as written', async () => {
    expect((await sungrow('de-DE')).desc).toBe('Wechselrichter und Speichersysteme, Hefei (CN)');
    expect((await sungrow('zh-CN')).desc).toBe('逆变器和储能系统，合肥（中国）');
    expect((await sungrow('en-GB')).desc).toBe('Inverters and storage systems, Hefei (CN)');
    // Opened in French and saved as shown: still the seed's text, in every language.
    const fr = await sungrow('fr-FR');
    expect(fr.desc).toBe('Onduleurs et systèmes de stockage, Hefei (CN)');
    const edit = (desc: string) =>
      post(
        '/system/manufacturer/edit',
        admin,
        { id: fr.id, name: fr.name, abbreviation: 'Sungrow', desc },
        'fr-FR',
      );
    expect((await edit(fr.desc)).status).toBe(200);
    expect((await sungrow('de-DE')).desc).toBe('Wechselrichter und Speichersysteme, Hefei (CN)');
    // Changed: the user's words, whatever the reader's language.
    expect((await edit('Onduleurs, Hefei')).status).toBe(200);
    expect((await sungrow('de-DE')).desc).toBe('Onduleurs, Hefei');
    expect((await sungrow('zh-CN')).desc).toBe('Onduleurs, Hefei');
  });
});

describe('manufacturers', () => {
  it('adds, lists, edits and deletes, with an audit trail', async () => {
    const name = unique('Maker');
    const id = await addMaker(name, { abbreviation: 'MK', desc: 'Test maker' });
    let rows = (await page('/system/manufacturer/page', { name })).list;
    expect(rows).toEqual([
      expect.objectContaining({ id, name, abbreviation: 'MK', desc: 'Test maker', specCount: 0 }),
    ]);
    expect(Number.isNaN(Date.parse(rows[0]!.createTime))).toBe(false);

    const edit = await post('/system/manufacturer/edit', admin, {
      id,
      name: `${name}-x`,
      abbreviation: '',
      desc: null,
    });
    expect(edit.status).toBe(200);
    rows = (await page('/system/manufacturer/page', { name })).list;
    expect(rows[0]).toMatchObject({ name: `${name}-x`, abbreviation: null, desc: null });

    const del = await post('/system/manufacturer/delete', admin, { id });
    expect(del.status).toBe(200);
    expect((await page('/system/manufacturer/page', { name })).total).toBe(0);
    const trail = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'manufacturer'), eq(auditLog.targetId, String(id))));
    expect(trail.map((a) => a.action).sort()).toEqual([
      'manufacturer.add',
      'manufacturer.delete',
      'manufacturer.edit',
    ]);
  });

  it('pages in a stable order and filters by name and abbreviation', async () => {
    const tag = unique('pg');
    for (const n of ['c', 'a', 'b']) await addMaker(`${tag}-${n}`, { abbreviation: `${tag}${n}` });
    const first = await page('/system/manufacturer/page', { name: tag.toUpperCase() }, 1, 10);
    expect(first.total).toBe(3);
    expect(first.list.map((r) => r.name)).toEqual([`${tag}-a`, `${tag}-b`, `${tag}-c`]);
    const byAbbr = await page('/system/manufacturer/page', { abbreviation: `${tag}b` });
    expect(byAbbr.list.map((r) => r.name)).toEqual([`${tag}-b`]);
    // Page 2 of size 10 over all manufacturers continues where page 1 stopped.
    const all = await page('/system/manufacturer/page', {}, 1, 100);
    const p2 = await page('/system/manufacturer/page', {}, 2, 10);
    expect(p2.list.map((r) => r.id)).toEqual(all.list.slice(10, 20).map((r) => r.id));
    // LIKE wildcards match literally.
    expect((await page('/system/manufacturer/page', { name: '%' })).total).toBe(0);
  });

  it('refuses a duplicate name in any case (409 naming the field), also on edit', async () => {
    const name = unique('Dup');
    const id = await addMaker(name);
    const res = await post('/system/manufacturer/add', admin, { name: name.toUpperCase() }, 'en-GB');
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain(name.toUpperCase());
    expect(fields(res)).toEqual(['name']);
    const other = await addMaker(unique('Other'));
    const edit = await post('/system/manufacturer/edit', admin, { id: other, name });
    expect(edit.status).toBe(409);
    expect(fields(edit)).toEqual(['name']);
    // Keeping one's own name is no conflict.
    expect((await post('/system/manufacturer/edit', admin, { id, name: name.toLowerCase() })).status).toBe(
      200,
    );
  });

  it('refuses to delete a manufacturer in use (409, localised, nothing deleted)', async () => {
    const name = unique('InUse');
    const id = await addMaker(name);
    await addSpec(id, 'X-1');
    await addSpec(id, 'X-2', 'CELL');
    const en = await post('/system/manufacturer/delete', admin, { id }, 'en-GB');
    expect(en.status).toBe(409);
    expect(en.body.msg).toBe(`“${name}” is used by 2 device specifications and cannot be deleted`);
    const de = await post('/system/manufacturer/delete', admin, { id }, 'de-DE');
    expect(de.body.msg).toContain('Gerätespezifikationen');
    expect(await t.ctx.db.select().from(manufacturers).where(eq(manufacturers.id, id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(deviceSpecs).where(eq(deviceSpecs.manufacturerId, id))).toHaveLength(
      2,
    );
    expect((await page('/system/manufacturer/page', { name })).list[0]).toMatchObject({ specCount: 2 });
  });

  it('rejects bad input with 400 naming the fields', async () => {
    const res = await post('/system/manufacturer/add', admin, {
      name: '  ',
      abbreviation: 'x'.repeat(40),
      desc: '<b>',
    });
    expect(res.status).toBe(400);
    expect(fields(res).sort()).toEqual(['abbreviation', 'desc', 'name']);
    const noId = await post('/system/manufacturer/edit', admin, { name: 'Fine' });
    expect(noId.status).toBe(400);
    expect(fields(noId)).toContain('id');
    expect((await post('/system/manufacturer/delete', admin, { id: 2_000_000 })).status).toBe(404);
    expect(
      (await post('/system/manufacturer/edit', admin, { id: 2_000_000, name: unique('N') })).status,
    ).toBe(404);
  });
});

describe('device specifications', () => {
  it('adds, lists with the manufacturer name, edits and deletes', async () => {
    const maker = unique('SpecMaker');
    const m1 = await addMaker(maker);
    const m2 = await addMaker(unique('SpecMaker2'));
    const id = await addSpec(m1, 'HX-10K');
    let rows = (await page('/system/deviceSpec/page', { manufacturerId: m1 })).list;
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        deviceType: 'INVERTER',
        deviceSpecs: 'HX-10K',
        manufacturerId: m1,
        manufactor: maker,
      }),
    ]);
    const edit = await post('/system/deviceSpec/edit', admin, {
      id,
      deviceType: 'CELL',
      deviceSpecs: 'HX-B5',
      manufacturerId: m2,
    });
    expect(edit.status).toBe(200);
    rows = (await page('/system/deviceSpec/page', { manufacturerId: m2 })).list;
    expect(rows).toEqual([
      expect.objectContaining({ id, deviceType: 'CELL', deviceSpecs: 'HX-B5', manufacturerId: m2 }),
    ]);
    expect((await page('/system/deviceSpec/page', { manufacturerId: m1 })).total).toBe(0);
    expect((await post('/system/deviceSpec/delete', admin, { id })).status).toBe(200);
    expect((await post('/system/deviceSpec/delete', admin, { id })).status).toBe(404);
    // Unused now: the manufacturer can go.
    expect((await post('/system/manufacturer/delete', admin, { id: m2 })).status).toBe(200);
  });

  it('filters by device type, manufacturer and specification text', async () => {
    const m = await addMaker(unique('Filter'));
    await addSpec(m, 'FLT-Inv-1');
    await addSpec(m, 'FLT-Inv-2');
    await addSpec(m, 'FLT-Bat-1', 'CELL');
    await addSpec(m, 'FLT-Meter', 'METERBOX');
    expect((await page('/system/deviceSpec/page', { manufacturerId: m })).total).toBe(4);
    const cells = await page('/system/deviceSpec/page', { manufacturerId: m, deviceType: 'CELL' });
    expect(cells.list.map((r) => r.deviceSpecs)).toEqual(['FLT-Bat-1']);
    const inv = await page('/system/deviceSpec/page', { deviceSpecs: 'flt-inv' });
    expect(inv.list.map((r) => r.deviceSpecs)).toEqual(['FLT-Inv-1', 'FLT-Inv-2']);
    const seeded = await page('/system/deviceSpec/page', { deviceType: 'METERBOX' });
    expect(seeded.list.every((r) => r.deviceType === 'METERBOX')).toBe(true);
    expect(seeded.total).toBeGreaterThanOrEqual(4);
  });

  it('refuses duplicates, unknown manufacturers and bad input, naming the field', async () => {
    const m = await addMaker(unique('SpecDup'));
    await addSpec(m, 'DUP-1');
    const dup = await post('/system/deviceSpec/add', admin, {
      manufacturerId: m,
      deviceSpecs: 'dup-1',
      deviceType: 'INVERTER',
    });
    expect(dup.status).toBe(409);
    expect(fields(dup)).toEqual(['deviceSpecs']);
    // The same model under another device type is a different row.
    await addSpec(m, 'DUP-1', 'CELL');
    const missing = await post('/system/deviceSpec/add', admin, {
      manufacturerId: 2_000_000,
      deviceSpecs: 'Z',
      deviceType: 'CELL',
    });
    expect(missing.status).toBe(422);
    expect(fields(missing)).toEqual(['manufacturerId']);
    const bad = await post('/system/deviceSpec/add', admin, { deviceType: 'TOASTER', deviceSpecs: '' });
    expect(bad.status).toBe(400);
    expect(fields(bad).sort()).toEqual(['deviceSpecs', 'deviceType', 'manufacturerId']);
    const badFilter = await t.call('POST', '/system/deviceSpec/page', {
      token: admin,
      body: { deviceType: 'TOASTER' },
      query: { pageNum: 1, pageSize: 10 },
    });
    expect(badFilter.status).toBe(400);
    expect(fields(badFilter)).toEqual(['deviceType']);
  });
});

describe('access', () => {
  const writes = (m: number, s: number): [string, unknown][] => [
    ['/system/manufacturer/add', { name: unique('Nope') }],
    ['/system/manufacturer/edit', { id: m, name: unique('Nope') }],
    ['/system/manufacturer/delete', { id: m }],
    ['/system/deviceSpec/add', { manufacturerId: m, deviceSpecs: 'NOPE', deviceType: 'CELL' }],
    ['/system/deviceSpec/edit', { id: s, manufacturerId: m, deviceSpecs: 'NOPE', deviceType: 'CELL' }],
    ['/system/deviceSpec/delete', { id: s }],
  ];

  it('answers 403 to those without the codes and to the read-only logins, 401 without a token', async () => {
    const name = unique('Guarded');
    const m = await addMaker(name);
    const s = await addSpec(m, 'GUARD-1');
    for (const [url, body] of writes(m, s)) {
      for (const [who, token] of [
        ['installer', instA],
        ['guest', guest],
        ['demo', demo],
      ] as const) {
        const res = await post(url, token, body);
        expect(res.status, `${who} ${url}`).toBe(403);
        expect(res.body.code).toBe(403);
      }
      expect((await post(url, undefined, body)).status, url).toBe(401);
    }
    for (const token of [instA, guest, demo]) {
      expect((await post('/system/manufacturer/page', token, {})).status).toBe(403);
      expect((await post('/system/deviceSpec/page', token, {})).status).toBe(403);
    }
    for (const token of [instA, guest])
      expect((await t.call('GET', '/system/manufacturer/all', { token })).status).toBe(403);
    // The demo login sees the dealer's firmware programs page, whose filter lists the manufacturers.
    expect((await t.call('GET', '/system/manufacturer/all', { token: demo })).status).toBe(200);
    expect((await t.call('GET', '/system/manufacturer/all')).status).toBe(401);
    // Nothing changed.
    expect((await page('/system/manufacturer/page', { name })).list).toEqual([
      expect.objectContaining({ id: m, name, specCount: 1 }),
    ]);
  });
});
