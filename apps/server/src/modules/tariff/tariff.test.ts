import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { priceForm } from '../../../test/tariff-fixture.ts';
import { sqlRows } from '../../db/rows.ts';
import { plants } from '../../db/schema/index.ts';

/** Bad input to the tariff routes: a 4xx naming the field (or line) in the caller's language, nothing stored. */
let t: TestApp;
let admin: string;
let stationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const [plant] = await t.ctx.db
    .insert(plants)
    .values({
      plantNo: 'P-TARIFF-BAD',
      orgId: 3,
      name: 'Tariff bad input',
      type: 'PHOTOVOLTAIC',
      installedCapacity: 5,
    })
    .returning({ id: plants.id });
  stationId = plant!.id;
});
afterAll(() => t?.close());

const add = (body: Record<string, unknown>, lang: 'en-GB' | 'de-DE' = 'en-GB') =>
  t.call('POST', '/station/tariff/add', { token: admin, body: { stationId, ...body }, lang });
const fields = (res: { body: { data: { fields: { field: string }[] } | null } }) =>
  res.body.data?.fields.map((f) => f.field);
const periodCount = async () =>
  (
    await sqlRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM plant_tariff_periods WHERE plant_id = ${stationId}`,
    )
  )[0]!.n;

describe('tariff periods refuse bad input', () => {
  it('refuses a period overlapping another of the same direction, naming validFrom, in German', async () => {
    const flat = { direction: 'PURCHASE', kind: 'FLAT', price: 0.3 };
    expect((await add({ ...flat, validFrom: '2026-01-01', validTo: '2026-06-30' })).status).toBe(200);
    const n = await periodCount();
    const res = await add({ ...flat, validFrom: '2026-06-30' }, 'de-DE');
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual(['validFrom']);
    expect(res.body.msg).toBe('Gültig ab: Überschneidet sich mit einem anderen Zeitraum derselben Richtung');
    // The other direction is free.
    expect(
      (await add({ ...flat, direction: 'FEED_IN', validFrom: '2026-06-30', validTo: '2026-12-31' })).status,
    ).toBe(200);
    expect(await periodCount()).toBe(n + 1);
  });

  it('refuses band hours out of range (400) and a band ending before it starts or overlapping (422)', async () => {
    const tou = { direction: 'PURCHASE', kind: 'TOU', validFrom: '2027-01-01', price: 0.2 };
    const band = { fromMonth: 1, toMonth: 12, days: 'ALL', fromHour: 7, toHour: 20, price: 0.4 };
    const n = await periodCount();
    let res = await add({ ...tou, bands: [{ ...band, toHour: 25 }] });
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['bands.0.toHour']);
    res = await add({ ...tou, bands: [{ ...band, fromMonth: 13 }] }, 'de-DE');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Ab Monat: Darf höchstens 12 sein');
    res = await add({ ...tou, bands: [{ ...band, fromHour: 20, toHour: 7 }] });
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual(['bands[0].toHour']);
    res = await add({ ...tou, bands: [band, { ...band, days: 'WEEKEND', fromHour: 19, toHour: 22 }] });
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual(['bands[1]']);
    res = await add({ ...tou, validTo: '2026-12-31', bands: [band] });
    expect(fields(res)).toEqual(['validTo']);
    res = await add({ ...tou, direction: 'FEED_IN', gridFee: 0.1, bands: [band] });
    expect(fields(res)).toEqual(['gridFee']);
    expect(await periodCount()).toBe(n);
  });

  it('names each malformed line of a price file, stores none of it, and says so in the caller’s language', async () => {
    const made = await add({
      direction: 'PURCHASE',
      kind: 'DYNAMIC',
      validFrom: '2028-01-01',
      validTo: '2028-01-31',
    });
    expect(made.status).toBe(200);
    const csv =
      'time;price\n2028-01-05 10:00;0,21\n2028-01-05 11:00;zwölf\n2028-01-05 11:10;0,2\n2028-02-05 12:00;0,2\n';
    const form = priceForm({ periodId: String(made.body.data.id), commit: 'true' }, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/station/tariff/import',
      headers: { authorization: `Bearer ${admin}`, 'content-type': form.contentType, lang: 'de-DE' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.data.fields.map((f: { field: string }) => f.field)).toEqual([
      'line 3: price',
      'line 4: time',
    ]);
    expect(body.msg).toBe('Zeile 3: der Preis ist keine Zahl');
    const stored = await sqlRows(
      t.ctx.db,
      sql`SELECT 1 FROM plant_tariff_prices WHERE period_id = ${made.body.data.id}`,
    );
    expect(stored).toHaveLength(0);
    // Once readable, a price outside the period's days is named too.
    const outside = await t.call('POST', '/station/tariff/prices', {
      token: admin,
      body: {
        periodId: made.body.data.id,
        prices: [
          { time: '2028-01-31T23:00:00+01:00', price: 0.2 },
          { time: '2028-02-01T00:00:00+01:00', price: 0.2 },
        ],
      },
    });
    expect(outside.status).toBe(422);
    expect(fields(outside)).toEqual(['prices[1].time']);
  });

  it('reads a comma-separated file with quoted decimal commas, and answers 400 naming a misplaced quote’s line', async () => {
    const made = await add({
      direction: 'PURCHASE',
      kind: 'DYNAMIC',
      validFrom: '2028-03-01',
      validTo: '2028-03-31',
    });
    const upload = (csv: string, lang: 'en-GB' | 'de-DE') => {
      const form = priceForm({ periodId: String(made.body.data.id) }, csv);
      return t.app.inject({
        method: 'POST',
        url: '/station/tariff/import',
        headers: { authorization: `Bearer ${admin}`, 'content-type': form.contentType, lang },
        payload: form.payload,
      });
    };
    const good = await upload(
      '\uFEFF"Zeit","Preis"\r\n"2028-03-05 10:00","0,25"\r\n"2028-03-05 11:00","0,5"\r\n',
      'en-GB',
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ saved: false, count: 2, min: 0.25, max: 0.5 });
    const bad = await upload('time,price\n2028-03-05 10:00,"0,25"\n2028-03-05 11:00,"0,5\n', 'de-DE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['line 3: price']);
    expect(bad.json().msg).toBe('Zeile 3: das in Feld 2 geöffnete Anführungszeichen wird nicht geschlossen');
    const inside = await upload('time;price\n2028-03-05 10:00;0"25\n', 'en-GB');
    expect(inside.statusCode).toBe(400);
    expect(inside.json().msg).toBe(
      'Line 2: a quote stands inside field 2: put the whole field in quotes and double any quote within it',
    );
  });

  it('refuses prices for a period that is not dynamic, and another tenant’s plant answers 404', async () => {
    const flat = await add({ direction: 'FEED_IN', kind: 'FLAT', validFrom: '2029-01-01', price: 0.1 });
    const res = await t.call('POST', '/station/tariff/prices', {
      token: admin,
      body: { periodId: flat.body.data.id, prices: [{ time: '2029-01-05T10:00:00+01:00', price: 0.2 }] },
    });
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual(['periodId']);
    const owner = await t.login('demo-owner', 'Demo1234');
    const list = await t.call('POST', '/station/tariff/list', { token: owner, body: { stationId } });
    expect(list.status).toBe(404);
  });
});
