import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, dbFingerprint } from '../../../test/db-fingerprint.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addSetAsidePlant } from '../../../test/set-aside-plant.ts';
import { sqlRow, sqlRows } from '../../db/rows.ts';
import { setAsideReadings } from '../../db/schema/index.ts';
import { drainRecompute } from '../../ingest/tariff-recompute.ts';

/**
 * Set-aside readings on a device's detail (issue 32, decision 031): listed with their reason where the
 * detail is read, decided on by the plant's managers, audited, and the plant's days metered again in the
 * background from the earliest decided reading's day on.
 */
let t: TestApp;
let plant: Awaited<ReturnType<typeof addSetAsidePlant>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  plant = await addSetAsidePlant(t, 'RQ');
  for (const who of ['demo-installer-a', 'demo-installer-b', 'demo-owner', 'demo-guest', 'admin'])
    tokens[who] = await t.login(who);
}, 60_000);
afterAll(() => t?.close());

const list = (who: string, deviceId = plant.inverterId, lang: 'en-GB' | 'de-DE' = 'en-GB') =>
  t.call('POST', '/iot/device/setAside/page', {
    token: tokens[who],
    query: { pageNum: 1, pageSize: 10 },
    body: { deviceId },
    lang,
  });
const decide = (who: string, body: Record<string, unknown>, lang: 'en-GB' | 'de-DE' = 'en-GB') =>
  t.call('POST', '/iot/device/setAside/decide', {
    token: tokens[who],
    body: { deviceId: plant.inverterId, ...body },
    lang,
  });
const iso = (hhmm: string) => plant.at(hhmm).toISOString();

describe('a device’s set-aside readings', () => {
  it('are listed newest first with reason, counter, value and the accepted value compared with', async () => {
    const res = await list('demo-installer-a');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(
      res.body.data.list.map((r: Record<string, unknown>) => [
        r.ts,
        r.reason,
        r.counter,
        r.value,
        r.reference,
        r.decision,
      ]),
    ).toEqual([
      [iso('10:15'), 'JUMP', 'totalGeneration', 1091.006, 1025.47, null],
      [iso('10:05'), 'DIP', 'totalGeneration', 1025.4548, 1025.4648, null],
    ]);
    // Where the detail is read: the owner and the guest too; another installer's users see no such device.
    expect((await list('demo-owner')).status).toBe(200);
    expect((await list('demo-guest')).status).toBe(200);
    expect((await list('demo-installer-b')).status).toBe(404);
    // The battery has none.
    expect((await list('demo-installer-a', plant.batteryId)).body.data).toEqual({ total: 0, list: [] });
  });

  it('are charted as markers where the chart shows their counter, which leaves them out', async () => {
    const res = await t.call('POST', '/iot/device/history', {
      token: tokens['demo-installer-a'],
      body: { deviceId: plant.inverterId, date: plant.day, metrics: ['totalGeneration', 'power'] },
    });
    expect(res.status).toBe(200);
    const total = res.body.data.series.find((s: { metric: string }) => s.metric === 'totalGeneration');
    // 10:05's dip and 10:15's jump are not points of the counter's line; the power's buckets all are.
    expect(total.points.map((p: [number, number]) => p[1])).toEqual([1025.465, 1025.47, 1091.1]);
    expect(res.body.data.series[1].points).toHaveLength(5);
    expect(res.body.data.setAside).toEqual([
      {
        ts: plant.at('10:05').getTime(),
        counter: 'totalGeneration',
        value: 1025.4548,
        reason: 'DIP',
        decision: null,
      },
      {
        ts: plant.at('10:15').getTime(),
        counter: 'totalGeneration',
        value: 1091.006,
        reason: 'JUMP',
        decision: null,
      },
    ]);
    const power = await t.call('POST', '/iot/device/history', {
      token: tokens['demo-installer-a'],
      body: { deviceId: plant.inverterId, date: plant.day, metrics: ['power'] },
    });
    expect(power.body.data.setAside).toEqual([]);
  });

  it('are decided by the plant’s managers only: the owner and the guest 403, another installer 404', async () => {
    const body = { readings: [iso('10:15')], decision: 'ACCEPTED' };
    expect((await decide('demo-owner', body)).status).toBe(403);
    expect((await decide('demo-guest', body)).status).toBe(403);
    expect((await decide('demo-installer-b', body)).status).toBe(404);
    const row = await sqlRow<{ decision: string | null }>(
      t.ctx.db,
      sql`SELECT decision FROM set_aside_readings WHERE device_id = ${plant.inverterId} AND reason = 'JUMP'`,
    );
    expect(row?.decision).toBeNull();
  });

  it('refuse bad input in the caller’s language, naming the field, and change nothing', async () => {
    await t.ctx.db.insert(setAsideReadings).values({
      deviceId: plant.inverterId,
      ts: new Date('2020-01-01T08:00:00Z'),
      reason: 'BEFORE_PLANT',
      data: { totalGeneration: 3 },
    });
    const before = await dbFingerprint(t.ctx.db);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { readings: [iso('10:10')], decision: 'ACCEPTED' },
        422,
        'readings.0',
        'Messwerte: Kein zurückgestellter Messwert dieses Geräts',
      ],
      [
        { readings: [iso('10:15'), '2020-01-01T08:00:00.000Z'], decision: 'ACCEPTED' },
        422,
        'decision',
        'Entscheidung: Ein Messwert mit Zeitstempel vor der Anlage kann nicht übernommen werden: Baudatum oder Netzanschlussdatum der Anlage korrigieren',
      ],
      [{ readings: ['gestern'], decision: 'REJECTED' }, 400, 'readings.0', 'Messwerte: Ungültiger Wert'],
      [{ readings: [], decision: 'REJECTED' }, 400, 'readings', 'Messwerte: Pflichtfeld'],
      [
        { readings: [iso('10:15')], decision: 'MAYBE' },
        400,
        'decision',
        'Entscheidung: Bitte wählen Sie einen der angebotenen Werte',
      ],
      [{ readings: [iso('10:15')], decision: 'REJECTED', note: 'x'.repeat(501) }, 400, 'note', ''],
    ];
    for (const [body, status, field, msg] of cases) {
      const res = await decide('demo-installer-a', body, 'de-DE');
      expect([res.status, res.body.data?.fields?.[0]?.field], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        field,
      ]);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    expect(changedTables(before, await dbFingerprint(t.ctx.db))).toEqual([]);
  });

  it('accepted, count their energy from the recomputation the decision queued, audited', async () => {
    // The rule: 10:05→10:10 +0.0052 from 10:00, the jump to 1091.006 set aside, 10:20 metered from it.
    expect(await plant.generation()).toBeCloseTo(0.0052 + 0.094, 6);
    const res = await decide('demo-installer-a', {
      readings: [iso('10:15')],
      decision: 'ACCEPTED',
      note: 'New meter fitted',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.decided).toBe(1);
    expect(res.body.data.recompute).toMatchObject({ state: 'PENDING', from: plant.day, doneDays: 0 });
    // Nothing changed yet: the jobs role meters the days again.
    expect(await plant.generation()).toBeCloseTo(0.0992, 6);
    expect(await drainRecompute(t.ctx.db)).toBeGreaterThan(0);
    expect(await plant.generation()).toBeCloseTo(0.0052 + 65.536 + 0.094, 6);
    const progress = await t.call('GET', '/iot/device/setAside/recompute', {
      token: tokens['demo-owner'],
      query: { deviceId: plant.inverterId },
    });
    expect(progress.body.data).toMatchObject({ state: 'DONE', from: plant.day });
    expect(progress.body.data.doneDays).toBe(progress.body.data.totalDays);

    const row = (await list('demo-owner')).body.data.list[0];
    expect(row).toMatchObject({
      ts: iso('10:15'),
      reason: 'JUMP',
      decision: 'ACCEPTED',
      decidedBy: 'demo-installer-a',
      note: 'New meter fitted',
    });
    expect(Date.now() - Date.parse(row.decidedAt)).toBeLessThan(60_000);
    const audit = await sqlRows<{ action: string; target_type: string; target_id: string; detail: unknown }>(
      t.ctx.db,
      sql`SELECT action, target_type, target_id, detail FROM audit_log WHERE action LIKE 'reading.%' ORDER BY id`,
    );
    expect(audit).toEqual([
      {
        action: 'reading.accept',
        target_type: 'device',
        target_id: String(plant.inverterId),
        detail: {
          sn: plant.inverterSn,
          readings: [{ ts: iso('10:15'), reason: 'JUMP' }],
          note: 'New meter fitted',
        },
      },
    ]);
  });

  it('kept out, stay out; one that was never stored needs no recomputation', async () => {
    const res = await decide('demo-installer-a', {
      readings: [iso('10:05'), '2020-01-01T08:00:00Z', iso('10:05')],
      decision: 'REJECTED',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.decided).toBe(2);
    await drainRecompute(t.ctx.db);
    expect(await plant.generation()).toBeCloseTo(65.6352, 6);
    const rows = await sqlRows<{ reason: string; decision: string }>(
      t.ctx.db,
      sql`SELECT reason, decision FROM set_aside_readings WHERE device_id = ${plant.inverterId} ORDER BY ts`,
    );
    expect(rows).toEqual([
      { reason: 'BEFORE_PLANT', decision: 'REJECTED' },
      { reason: 'DIP', decision: 'REJECTED' },
      { reason: 'JUMP', decision: 'ACCEPTED' },
    ]);
    // The chart: the accepted jump is a point of the line again, still marked.
    const history = await t.call('POST', '/iot/device/history', {
      token: tokens['demo-installer-a'],
      body: { deviceId: plant.inverterId, date: plant.day, metrics: ['totalGeneration'] },
    });
    expect(history.body.data.series[0].points.map((p: [number, number]) => p[1])).toEqual([
      1025.465, 1025.47, 1091.006, 1091.1,
    ]);
    expect(
      history.body.data.setAside.map((s: { reason: string; decision: string }) => [s.reason, s.decision]),
    ).toEqual([
      ['DIP', 'REJECTED'],
      ['JUMP', 'ACCEPTED'],
    ]);
  });
});
