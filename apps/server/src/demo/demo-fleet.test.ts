import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerAndIngest, waitFor } from '../../test/device-loop.ts';
import { buildTestApp, type TestApp, userIdByName } from '../../test/helper.ts';
import { sqlRows } from '../db/rows.ts';
import { dongles, plants } from '../db/schema/index.ts';
import { type DemoFleet, prepareDemo } from './demo-fleet.ts';

const log = pino({ level: 'silent' });
const rows = <T>(t: TestApp, query: SQL) => sqlRows<T>(t.ctx.db, query);

/** The demo fleet as main.ts runs it: demo plants, the embedded broker, ingest and the simulated dongles. */
describe('demo fleet', () => {
  let t: TestApp;
  let loop: Awaited<ReturnType<typeof startBrokerAndIngest>>;
  let demo: DemoFleet | null = null;
  let brokerUrl: string;
  const opts = { count: 20, intervalSeconds: 2, fleet: true, log };

  /** Every demo plant NORMAL and every one of its devices with latest values newer than `since`. */
  const allLive = (since: Date) => async () => {
    const [s] = await rows<{ plants: number; normal: number; devices: number; fresh: number }>(
      t,
      sql`SELECT
        (SELECT count(*)::int FROM plants WHERE plant_no LIKE 'DEMO-P-%') AS plants,
        (SELECT count(*)::int FROM plants WHERE plant_no LIKE 'DEMO-P-%' AND status = 'NORMAL') AS normal,
        (SELECT count(*)::int FROM devices WHERE sn LIKE 'DEMO-%') AS devices,
        (SELECT count(*)::int FROM devices d JOIN device_latest l ON l.device_id = d.id
           WHERE d.sn LIKE 'DEMO-%' AND l.ts > ${since.toISOString()}::timestamptz) AS fresh`,
    );
    return s!.plants === 20 && s!.normal === 20 && s!.fresh === s!.devices;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    loop = await startBrokerAndIngest(t, { name: 'demo' });
    brokerUrl = loop.brokerUrl;
  });
  afterAll(async () => {
    await demo?.stop();
    await loop.stop();
    await t.close();
  });

  it('creates the demo plants over installers A and B, a third of them owned by demo-owner', async () => {
    demo = await prepareDemo(t.ctx.db, opts);
    expect(demo!.created).toBe(20);
    expect(demo!.members).toHaveLength(20);
    const byOrg = await rows<{ name: string; n: number; owned: number }>(
      t,
      sql`SELECT o.name, count(*)::int AS n, count(p.owner_user_id)::int AS owned
        FROM plants p JOIN organizations o ON o.id = p.org_id
        WHERE p.plant_no LIKE 'DEMO-P-%' GROUP BY o.name ORDER BY o.name`,
    );
    expect(byOrg).toEqual([
      { name: 'Energie Bravo', n: 7, owned: 0 },
      { name: 'Solartechnik Alpha', n: 13, owned: 7 },
    ]);
    const ownerId = await userIdByName(t, 'demo-owner');
    const owned = await rows<{ owner_user_id: number; owner_name: string; owner_contact: string }>(
      t,
      sql`SELECT owner_user_id, owner_name, owner_contact FROM plants WHERE owner_user_id IS NOT NULL`,
    );
    expect(owned).toHaveLength(7);
    for (const p of owned)
      expect(p).toEqual({
        owner_user_id: ownerId,
        owner_name: 'Anna Weber',
        owner_contact: 'owner@demo.pvstar.local',
      });

    const [mix] = await rows<{ types: string[]; kinds: string[]; phases: string[]; countries: string[] }>(
      t,
      sql`SELECT
        (SELECT array_agg(DISTINCT type ORDER BY type) FROM plants) AS types,
        (SELECT array_agg(DISTINCT kind ORDER BY kind) FROM devices) AS kinds,
        (SELECT array_agg(DISTINCT inverter_type ORDER BY inverter_type) FROM devices WHERE kind = 'INVERTER') AS phases,
        (SELECT array_agg(DISTINCT country_code ORDER BY country_code) FROM plants) AS countries`,
    );
    expect(mix).toEqual({
      types: ['BALCONY_PHOTOVOLTAICS', 'ENERGY_STORAGE', 'PHOTOVOLTAIC'],
      kinds: ['BATTERY', 'EV_CHARGER', 'HEAT_PUMP', 'INVERTER', 'METER'],
      phases: ['SINGLE_PHASE', 'THREE_PHASE'],
      countries: ['AT', 'DE', 'NL'],
    });
    // Storage plants have a battery and its capacity; the others neither.
    const [storage] = await rows<{ bad: number }>(
      t,
      sql`SELECT count(*)::int AS bad FROM plants p
        WHERE (p.type = 'ENERGY_STORAGE') <> (p.storage_capacity IS NOT NULL)
           OR (p.type = 'ENERGY_STORAGE') <> EXISTS (SELECT 1 FROM devices d WHERE d.plant_id = p.id AND d.kind = 'BATTERY')`,
    );
    expect(storage!.bad).toBe(0);

    // A past of ended alarms over the last 90 days for every plant, each on one of its own devices.
    const [past] = await rows<{
      plants: number;
      alarms: number;
      foreign: number;
      ongoing: number;
      levels: number;
    }>(
      t,
      sql`SELECT count(DISTINCT a.plant_id)::int AS plants, count(*)::int AS alarms,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.sn = a.source_sn AND d.plant_id = a.plant_id)
          AND NOT EXISTS (SELECT 1 FROM dongles g WHERE g.sn = a.source_sn AND g.plant_id = a.plant_id))::int AS foreign,
        count(*) FILTER (WHERE a.status <> 'ENDED' OR a.ended_at < a.started_at
          OR a.started_at < now() - interval '91 days')::int AS ongoing,
        count(*) FILTER (WHERE a.alarm_level = 'GENERAL')::int AS levels
        FROM alarms a JOIN plants p ON p.id = a.plant_id WHERE p.plant_no LIKE 'DEMO-P-%'`,
    );
    expect(past).toMatchObject({ plants: 20, foreign: 0, ongoing: 0, levels: 0 });
    expect(past!.alarms).toBeGreaterThanOrEqual(60);
  });

  it('brings every demo plant live: latest values for every device, status NORMAL', async () => {
    const since = new Date(Date.now() - 1000);
    demo!.start({ brokerUrl, backfill: false, fleet: { faultRate: 0, offlineRate: 0 } });
    await waitFor(allLive(since), 60_000, 'every demo plant live');
    const [online] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM dongles WHERE sn LIKE 'DEMO-D-%' AND status = 'ONLINE'`,
    );
    expect(online!.n).toBe(20);
    expect(demo!.fleet!.stats().errors).toBe(0);
  }, 90_000);

  it('on a restart finds its plants, gives the dongles new secrets, and they come back', async () => {
    const before = await t.ctx.db
      .select({ id: plants.id, plantNo: plants.plantNo })
      .from(plants)
      .orderBy(plants.id);
    const oldHashes = await t.ctx.db.select({ sn: dongles.sn, h: dongles.secretHash }).from(dongles);
    const alarmCount = async () =>
      (await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM alarms`))[0]!.n;
    const alarmsBefore = await alarmCount();
    await demo!.stop();

    const since = new Date();
    demo = await prepareDemo(t.ctx.db, opts);
    expect(demo!.created).toBe(0);
    // The past is filled in once, not again on each start.
    expect(await alarmCount()).toBe(alarmsBefore);
    expect(
      await t.ctx.db.select({ id: plants.id, plantNo: plants.plantNo }).from(plants).orderBy(plants.id),
    ).toEqual(before);
    const newHashes = new Map(
      (await t.ctx.db.select({ sn: dongles.sn, h: dongles.secretHash }).from(dongles)).map((r) => [
        r.sn,
        r.h,
      ]),
    );
    expect(oldHashes).toHaveLength(20);
    for (const { sn, h } of oldHashes) expect(newHashes.get(sn)).not.toBe(h);

    demo!.start({ brokerUrl, backfill: false, fleet: { faultRate: 0, offlineRate: 0 } });
    await waitFor(allLive(since), 60_000, 'every demo plant live');
  }, 90_000);
});
