import fs from 'node:fs';
import path from 'node:path';
import { topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import { sqlRows } from '../../db/rows.ts';
import { devices, dongles, plants } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { localDay } from '../../domain/calendar.ts';
import type { Caller } from '../../domain/caller.ts';
import { sweepStale } from '../../domain/status-sweeper.ts';
import { createIngest, type Ingest } from '../../ingest/ingest.ts';
import { endAlarms, openAlarms } from '../alarm/alarm-store.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * The dashboard of an organisation's scope from the per-organisation roll-ups (migrations 0034, 0035) against
 * the live computation (from the plants and organisation days, `live: true`), figure by figure, for every
 * data scope of an organisation (everything, a subtree, one organisation), after each kind of writer: plant
 * days written, changed and deleted, ingest, an alarm raised and ended, the sweeper, a plant added, edited,
 * moved and deleted, a device deleted, an organisation moved with its sub-organisation, one deleted.
 */
let t: TestApp;
let ingest: Ingest;
let root = 0;
let dealer = 0;
/** A second dealer, created when an installer moves to it. */
let dealer2 = 0;
const installers: number[] = [];
const fleet: { plantId: number; dongle: string; inverters: string[]; tz: string }[] = [];
const INTERVAL_S = 60;
const ZONES = ['Europe/Berlin', 'Pacific/Kiritimati', 'America/Adak'];

/** The dealer first; the root's (everything), each installer's alone and with its subtree, the second dealer's. */
const callers = async (): Promise<Caller[]> => {
  const orgs = await sqlRows<{ id: number; path: string }>(
    t.ctx.db,
    sql`SELECT id, path FROM organizations WHERE id IN (${root}, ${dealer}, ${dealer2}, ${installers[0]}, ${installers[1]})`,
  );
  const of = (id: number, dataScope: Caller['dataScope']) =>
    ({
      userId: 0,
      orgId: id,
      orgPath: orgs.find((o) => o.id === id)!.path,
      dataScope,
      perms: new Set(),
    }) as unknown as Caller;
  return [
    of(dealer, 'ORG_AND_SUB'),
    of(root, 'ALL'),
    of(installers[0]!, 'ORG'),
    of(installers[0]!, 'ORG_AND_SUB'),
    of(installers[1]!, 'ORG_AND_SUB'),
    ...(dealer2 ? [of(dealer2, 'ORG_AND_SUB')] : []),
  ];
};

/**
 * Every figure of every caller's dashboard equals the live computation's, and every subtree row is its
 * rebuild from the organisation days (the sum over the organisations under it by path).
 */
async function expectRollupIsLive() {
  const rolled = createDashboardService(t.ctx);
  const live = createDashboardService(t.ctx, { live: true });
  for (const caller of await callers()) {
    const { updatedAt: _a, ...r } = await rolled.get(caller, 'en-GB');
    const { updatedAt: _b, ...l } = await live.get(caller, 'en-GB');
    expect(r, `${caller.dataScope} of ${caller.orgId}`).toEqual(l);
  }
  const [off] = await sqlRows<{ worst: number }>(
    t.ctx.db,
    sql`
    WITH rebuilt AS (
      SELECT o.id AS org_id, e.day, e.shard, sum(e.generation) AS generation, sum(e.consumption) AS consumption
      FROM organizations o JOIN organizations d ON d.path LIKE o.path || '%'
      JOIN org_energy_daily e ON e.org_id = d.id
      GROUP BY 1, 2, 3)
    SELECT coalesce(max(greatest(
      abs(coalesce(s.generation, 0) - coalesce(r.generation, 0)),
      abs(coalesce(s.consumption, 0) - coalesce(r.consumption, 0)))), 0)::float8 AS worst
    FROM org_subtree_daily s FULL JOIN rebuilt r USING (org_id, day, shard)`,
  );
  expect(off!.worst).toBeLessThan(1e-9);
}

/** A plant day of `plantId`, `offset` days from its local today (written as the recompute scripts do). */
async function writeDay(plantId: number, tz: string, offset: number, generation: number) {
  const day = localDay(Date.now() + offset * 86_400_000, tz);
  await t.ctx.db.execute(sql`
    INSERT INTO plant_energy_daily (plant_id, day, generation, consumption, feed_in, purchase, charge,
      discharge, revenue)
    VALUES (${plantId}, ${day}::date, ${generation}, ${generation / 2}, ${generation / 4}, 1.5, 0.5, 0.25,
      ${generation / 8})
    ON CONFLICT (plant_id, day) DO UPDATE SET generation = excluded.generation,
      consumption = excluded.consumption, feed_in = excluded.feed_in, revenue = excluded.revenue`);
}

const telemetry = (p: (typeof fleet)[number], ts: number, pv: number) =>
  ingest.handle(
    topics.telemetry(p.dongle),
    Buffer.from(
      JSON.stringify({
        msgId: unique('m'),
        ts,
        devices: p.inverters.map((sn) => ({
          sn,
          kind: 'INVERTER',
          data: {
            power: pv,
            pvPower: pv,
            gridPower: -200,
            loadPower: 500,
            batteryPower: -100,
            dailyGeneration: pv / 100,
            dailyFeedIn: pv / 400,
          },
        })),
      }),
    ),
  );

async function addPlant(i: number, orgId: number) {
  const db = t.ctx.db;
  const tz = ZONES[i % ZONES.length]!;
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: unique('P-DRU'),
      orgId,
      name: `Roll-up ${i}`,
      type: 'PHOTOVOLTAIC',
      installedCapacity: 10 + i * 0.125,
      storageCapacity: i % 2 ? 5.5 : null,
      currency: i % 3 === 2 ? 'PLN' : 'EUR',
      countryCode: i % 4 === 3 ? null : (['DE', 'PL', 'FR'] as const)[i % 3],
      timezone: tz,
      status: 'OFFLINE',
    })
    .returning({ id: plants.id });
  const dongle = unique('DGL-DRU-').toUpperCase();
  const [g] = await db
    .insert(dongles)
    .values({ sn: dongle, plantId: plant!.id, secretHash: 'x', intervalSeconds: INTERVAL_S })
    .returning({ id: dongles.id });
  const inverters = [unique('INV-DRU-').toUpperCase(), unique('INV-DRU-').toUpperCase()];
  for (const sn of inverters)
    await db
      .insert(devices)
      .values({ sn, kind: 'INVERTER', dongleId: g!.id, plantId: plant!.id, status: 'NOT_CONNECTED' });
  fleet.push({ plantId: plant!.id, dongle, inverters, tz });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  root = await orgIdByName(t, 'PVSTAR');
  dealer = await createOrg(db, { name: unique('Roll-up dealer '), type: 'DEALER', parentId: root });
  for (const name of ['Roll-up A ', 'Roll-up B '])
    installers.push(await createOrg(db, { name: unique(name), type: 'INSTALLER', parentId: dealer }));
  for (let i = 0; i < 8; i++) await addPlant(i, installers[i % 2]!);
  ingest = createIngest({ db, log: pino({ level: 'silent' }), flushMs: 1 });
});

afterAll(async () => {
  await t?.close();
});

describe('the dashboard from the per-organisation roll-ups', () => {
  it('equals the live figures for new plants', async () => {
    await expectRollupIsLive();
  });

  it('equals them after plant days are written, changed and deleted (today, this month, past years, a day ahead)', async () => {
    for (const [i, p] of fleet.entries())
      for (const offset of [0, -1, -20, -40, -400, 1])
        await writeDay(p.plantId, p.tz, offset, 8 * (i + 1) + offset);
    await expectRollupIsLive();
    await writeDay(fleet[0]!.plantId, fleet[0]!.tz, 0, 100);
    await t.ctx.db.execute(sql`DELETE FROM plant_energy_daily WHERE plant_id = ${fleet[1]!.plantId}
      AND day = ${localDay(Date.now() - 20 * 86_400_000, fleet[1]!.tz)}::date`);
    await expectRollupIsLive();
  });

  it('equals them after ingest, an alarm raised and ended, and the sweeper', async () => {
    const db = t.ctx.db;
    const now = Date.now();
    for (const [i, p] of fleet.entries()) await telemetry(p, now - 1000, 1000 * (i + 1));
    await expectRollupIsLive();
    const p = fleet[2]!;
    const [inverter] = await db.select().from(devices).where(eq(devices.sn, p.inverters[0]!));
    await db.transaction((tx) =>
      openAlarms(tx, [
        {
          plantId: p.plantId,
          dongleId: inverter!.dongleId,
          deviceId: inverter!.id,
          sourceSn: inverter!.sn,
          deviceType: 'INVERTER',
          kind: 'EVENT',
          faultCode: 'INV-ISO',
          startedAt: new Date(),
        },
      ]),
    );
    const dash = await createDashboardService(t.ctx).get((await callers())[0]!, 'en-GB');
    expect(dash.alarmCount).toBe(1);
    expect(dash.statusCounts.FAULT).toBe(1);
    await expectRollupIsLive();
    await db.transaction((tx) => endAlarms(tx, sql`alarms.plant_id = ${p.plantId}`, sql`now()`, 'RECOVERED'));
    await expectRollupIsLive();
    await sweepStale(db, new Date(Date.now() + 4 * INTERVAL_S * 1000));
    await expectRollupIsLive();
  });

  it('equals them after a plant is added, edited, moved and deleted, and a device deleted', async () => {
    const db = t.ctx.db;
    await addPlant(8, installers[1]!);
    await writeDay(fleet[8]!.plantId, fleet[8]!.tz, 0, 7);
    await expectRollupIsLive();
    await db
      .update(plants)
      .set({ installedCapacity: 12.5, countryCode: 'IT', currency: 'PLN' })
      .where(eq(plants.id, fleet[3]!.plantId));
    await expectRollupIsLive();
    // Moved to the other installer, with its days, alarms and generation.
    await db.update(plants).set({ orgId: installers[1]! }).where(eq(plants.id, fleet[2]!.plantId));
    await expectRollupIsLive();
    await db.delete(devices).where(eq(devices.sn, fleet[4]!.inverters[1]!));
    await expectRollupIsLive();
    await db.delete(plants).where(eq(plants.id, fleet[5]!.plantId));
    await expectRollupIsLive();
    const counts = await sqlRows<{ plants: number; generation: number }>(
      db,
      sql`SELECT (SELECT sum(plants) FROM org_plant_counts WHERE org_id IN (${installers[0]}, ${installers[1]}))::int
          AS plants`,
    );
    expect(counts[0]!.plants).toBe(8);
  });

  it('equals them after an installer moves to another dealer with its sub-organisation, and an emptied one is deleted', async () => {
    const db = t.ctx.db;
    const admin = await t.login('admin');
    const name = async (id: number) =>
      (await sqlRows<{ name: string }>(db, sql`SELECT name FROM organizations WHERE id = ${id}`))[0]!.name;
    dealer2 = await createOrg(db, { name: unique('Roll-up dealer 2 '), type: 'DEALER', parentId: root });
    const sub = await createOrg(db, {
      name: unique('Roll-up owner '),
      type: 'OWNER',
      parentId: installers[0]!,
    });
    await addPlant(9, sub);
    for (const offset of [0, -3, -300]) await writeDay(fleet[9]!.plantId, fleet[9]!.tz, offset, 30 + offset);
    await expectRollupIsLive();
    // As the organisation page moves it: the paths of the installer and its subtree in one statement.
    const moved = await t.call('POST', '/system/org/edit', {
      token: admin,
      body: { id: installers[0]!, name: await name(installers[0]!), type: 'INSTALLER', parentId: dealer2 },
    });
    expect(moved.status, moved.body.msg).toBe(200);
    await expectRollupIsLive();
    // Installer A's three plants left (one moved to B, one deleted above) and its owner's.
    const dash = await createDashboardService(t.ctx).get((await callers()).at(-1)!, 'en-GB');
    expect(dash.plantCount).toBe(4);
    expect(dash.trend.at(-1)!.generation).toBeGreaterThan(0);
    // Its plant moved away (its days with it), the owner organisation is deleted with what they left.
    await db.update(plants).set({ orgId: installers[1]! }).where(eq(plants.id, fleet[9]!.plantId));
    const gone = await t.call('POST', '/system/org/delete', {
      token: admin,
      body: { id: sub, confirmName: await name(sub) },
    });
    expect(gone.status, gone.body.msg).toBe(200);
    await expectRollupIsLive();
  });

  it('equals them after the migration fills the subtree rows from the organisation days already there', async () => {
    // Migration 0035's last statement, run again on an emptied table.
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../db/migrations/0035_org_subtree_daily.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO org_subtree_daily');
    await t.ctx.db.execute(sql`TRUNCATE org_subtree_daily`);
    await t.ctx.db.execute(sql.raw(backfill));
    await expectRollupIsLive();
  });
});
