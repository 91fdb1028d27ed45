import { CO2_KG_PER_TREE_YEAR, DASHBOARD_RECENT_ALERTS, GRID_CO2_FACTORS } from '@pvstar/contract/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, buildTestApp, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import { sqlRows } from '../../db/rows.ts';
import { alarms, plantEnergyDaily, plants } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { localDay } from '../../domain/calendar.ts';
import { yieldParts } from './dashboard-queries.ts';

/**
 * The dashboard's specific yield, CO₂ by country, yield pie with a battery and latest alarms, on an
 * installer of its own (so the seed's demo plants never enter the hand-computed figures). The deployment
 * sets Austria's factor to 0.1 kg/kWh and the default to 0.5.
 */
let t: TestApp;
let token: string;
const ids: Record<'DE' | 'AT' | 'FR' | 'ZERO', number> = {} as never;
const berlinToday = localDay(Date.now(), 'Europe/Berlin');
const tokyoToday = localDay(Date.now(), 'Asia/Tokyo');
const lastYear = (day: string) => `${Number(day.slice(0, 4)) - 1}-06-15`;
/** A day of the same month before `day`, or null on the 1st. */
const earlierInMonth = (day: string) => (day.endsWith('-01') ? null : `${day.slice(0, 7)}-01`);
/** A day of the same year in an earlier month, or null in January. */
const earlierInYear = (day: string) => (day.slice(5, 7) === '01' ? null : `${day.slice(0, 4)}-01-15`);

beforeAll(async () => {
  t = await buildTestApp({ GRID_CO2_FACTORS: 'AT=0.1', GRID_CO2_DEFAULT: '0.5' });
  const db = t.ctx.db;
  const root = await orgIdByName(t, 'PVSTAR');
  const inst = await createOrg(db, { name: unique('Fig Inst '), type: 'INSTALLER', parentId: root });
  const user = await addUser(t, { org: inst, roles: ['INSTALLER_ADMIN'], prefix: 'fi' });
  token = await t.login(user.username);
  const plant = async (key: keyof typeof ids, values: Partial<typeof plants.$inferInsert>) => {
    const [row] = await db
      .insert(plants)
      .values({
        plantNo: unique('FIG'),
        name: `Fig ${key}`,
        type: 'PHOTOVOLTAIC',
        orgId: inst,
        installedCapacity: 10,
        ...values,
      })
      .returning({ id: plants.id });
    ids[key] = row!.id;
  };
  await plant('DE', { countryCode: 'DE', installedCapacity: 10, timezone: 'Europe/Berlin' });
  await plant('AT', { countryCode: 'AT', installedCapacity: 5, timezone: 'Europe/Vienna' });
  await plant('FR', { countryCode: 'FR', installedCapacity: 5, timezone: 'Asia/Tokyo' });
  await plant('ZERO', { countryCode: null, installedCapacity: 0, timezone: 'Europe/Berlin' });

  const rows: (typeof plantEnergyDaily.$inferInsert)[] = [
    // DE today: 20 generated, 6 fed in, 8 charged, 2 discharged: self-consumption 8, the battery kept 6.
    { plantId: ids.DE, day: berlinToday, generation: 20, feedIn: 6, charge: 8, discharge: 2 },
    { plantId: ids.DE, day: lastYear(berlinToday), generation: 100, feedIn: 100 },
    { plantId: ids.AT, day: localDay(Date.now(), 'Europe/Vienna'), generation: 10, feedIn: 10 },
    // FR's own today is Tokyo's.
    { plantId: ids.FR, day: tokyoToday, generation: 5, feedIn: 5 },
    { plantId: ids.ZERO, day: berlinToday, generation: 3, feedIn: 3 },
  ];
  const month = earlierInMonth(berlinToday);
  if (month) rows.push({ plantId: ids.DE, day: month, generation: 40, feedIn: 40 });
  const year = earlierInYear(berlinToday);
  if (year) rows.push({ plantId: ids.DE, day: year, generation: 60, feedIn: 60 });
  await db.insert(plantEnergyDaily).values(rows);
});
afterAll(() => t.close());

const dashboard = async () => {
  const res = await t.call('GET', '/station/dashboard', { token });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};

describe('dashboard specific yield', () => {
  it('divides the fleet generation of the local day, month and year by the capacity in scope', async () => {
    const d = await dashboard();
    // 20 kWp; today 20 + 10 + 5 + 3 = 38 kWh.
    const month = 38 + (earlierInMonth(berlinToday) ? 40 : 0);
    const year = month + (earlierInYear(berlinToday) ? 60 : 0);
    expect(d.installedCapacity).toBe(20);
    expect(d.specificYield).toEqual({
      today: 1.9,
      month: Math.round((month / 20) * 100) / 100,
      year: Math.round((year / 20) * 100) / 100,
    });
  });

  it('gives each listed plant its yield of today, and none without capacity', async () => {
    const d = await dashboard();
    const of = (id: number) => d.plants.find((p: { id: number }) => p.id === id);
    expect(of(ids.DE).todayYield).toBe(2);
    expect(of(ids.AT).todayYield).toBe(2);
    expect(of(ids.FR).todayYield).toBe(1);
    expect(of(ids.ZERO).todayYield).toBeNull();
  });
});

describe('dashboard CO₂ by country', () => {
  it("multiplies each plant's generation by its country's factor, the deployment's where set", async () => {
    const d = await dashboard();
    const de = 20 + 100 + (earlierInMonth(berlinToday) ? 40 : 0) + (earlierInYear(berlinToday) ? 60 : 0);
    expect(d.social.grids).toEqual([
      { countryCode: 'DE', ...GRID_CO2_FACTORS.DE, plantCount: 1, generation: de },
      { countryCode: 'AT', kgPerKwh: 0.1, source: null, year: null, plantCount: 1, generation: 10 },
      // France has no factor of its own; the plant without a country joins it under the default.
      { countryCode: null, kgPerKwh: 0.5, source: null, year: null, plantCount: 2, generation: 8 },
    ]);
    const kg = de * GRID_CO2_FACTORS.DE!.kgPerKwh + 10 * 0.1 + 8 * 0.5;
    // Exact: the card rounds them as it shows them.
    expect(d.social.co2ReducedT).toBeCloseTo(kg / 1000, 8);
    expect(d.social.treeYears).toBeCloseTo(kg / CO2_KG_PER_TREE_YEAR, 8);
    expect(d.totalGeneration).toBe(de + 18);
  });

  it('keeps the per-plant totals equal to the stored days as they change', async () => {
    const db = t.ctx.db;
    const check = async () => {
      const rows = await sqlRows<{ total: number; days: number }>(
        db,
        sql`
        SELECT p.id, coalesce(t.generation, 0)::float8 AS total,
          coalesce((SELECT sum(d.generation) FROM plant_energy_daily d WHERE d.plant_id = p.id), 0)::float8 AS days
        FROM plants p LEFT JOIN plant_energy_total t ON t.plant_id = p.id`,
      );
      for (const r of rows) expect(r.total).toBeCloseTo(r.days, 6);
    };
    await check();
    await db.execute(
      `UPDATE plant_energy_daily SET generation = generation + 2.5 WHERE plant_id = ${ids.AT}`,
    );
    await check();
    await db.execute(`DELETE FROM plant_energy_daily WHERE plant_id = ${ids.AT}`);
    await check();
    await db.insert(plantEnergyDaily).values({
      plantId: ids.AT,
      day: localDay(Date.now(), 'Europe/Vienna'),
      generation: 10,
      feedIn: 10,
    });
    await check();
  });
});

describe('dashboard yield pie with a battery', () => {
  it('shows what the battery kept as a third part, so the parts sum to the generation', async () => {
    const d = await dashboard();
    // Today: self-consumption max(20 − 6 − 8 + 2, 0) = 8 at DE, 0 elsewhere; fed in 6 + 10 + 5 + 3.
    expect(d.pie.today).toMatchObject({
      generation: 38,
      selfConsumption: 8,
      feedIn: 24,
      yieldSelfConsumed: 8,
      yieldFedIn: 24,
      batteryRetained: 6,
    });
    const p = d.pie.today;
    expect(p.yieldSelfConsumed + p.yieldFedIn + p.batteryRetained).toBeCloseTo(p.generation, 6);
  });

  it('counts in the yield only what the period generated when the battery gives back earlier days', async () => {
    // Its own installer: a morning with 2 kWh generated, 1 fed in and 5 from yesterday's battery.
    const db = t.ctx.db;
    const root = await orgIdByName(t, 'PVSTAR');
    const inst = await createOrg(db, { name: unique('Pie Inst '), type: 'INSTALLER', parentId: root });
    const user = await addUser(t, { org: inst, roles: ['INSTALLER_ADMIN'], prefix: 'pi' });
    const [plant] = await db
      .insert(plants)
      .values({
        plantNo: unique('PIE'),
        name: 'Pie',
        type: 'ENERGY_STORAGE',
        orgId: inst,
        installedCapacity: 5,
      })
      .returning({ id: plants.id });
    await db.insert(plantEnergyDaily).values({
      plantId: plant!.id,
      day: berlinToday,
      generation: 2,
      feedIn: 1,
      discharge: 5,
      consumption: 6,
    });
    const res = await t.call('GET', '/station/dashboard', { token: await t.login(user.username) });
    expect(res.status, res.body.msg).toBe(200);
    // Self-consumption max(2 − 1 − 0 + 5, 0) = 6 (the consumption pie's); of the 2 kWh yield 1 was used.
    expect(res.body.data.pie.today).toMatchObject({
      generation: 2,
      selfConsumption: 6,
      feedIn: 1,
      yieldSelfConsumed: 1,
      yieldFedIn: 1,
      batteryRetained: 0,
    });
  });

  it('never draws a part larger than the generation', () => {
    // Night: nothing generated, the battery feeds the house and the grid.
    expect(yieldParts({ generation: 0, selfConsumption: 3, feedIn: 1 })).toEqual({
      yieldSelfConsumed: 0,
      yieldFedIn: 0,
      batteryRetained: 0,
    });
    // More fed in than generated: all of the yield went to the grid.
    expect(yieldParts({ generation: 2, selfConsumption: 4, feedIn: 3 })).toEqual({
      yieldSelfConsumed: 0,
      yieldFedIn: 2,
      batteryRetained: 0,
    });
    // Charged and kept: 10 = 3 used + 2 fed in + 5 in the battery.
    expect(yieldParts({ generation: 10, selfConsumption: 3, feedIn: 2 })).toEqual({
      yieldSelfConsumed: 3,
      yieldFedIn: 2,
      batteryRetained: 5,
    });
  });
});

describe('dashboard latest alarms', () => {
  it('lists the ongoing alarms newest first, then the ended ones newest first, and counts the ongoing', async () => {
    const db = t.ctx.db;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const names = new Map<string, string>();
    const alarm = (name: string, minutesAgo: number, ended: boolean) => ({
      plantId: ids.DE,
      sourceSn: names.set(unique('SN'), name) && [...names.keys()].at(-1)!,
      deviceType: 'INVERTER',
      faultCode: 'E001',
      alarmLevel: 'WARN',
      kind: 'EVENT',
      startedAt: at(minutesAgo),
      latestAt: at(minutesAgo),
      status: ended ? 'ENDED' : 'ONGOING',
      endedAt: ended ? at(minutesAgo - 1) : null,
    });
    // An ended alarm newer than every ongoing one still comes after them.
    const inserted = await db
      .insert(alarms)
      .values([
        alarm('ended-new', 1, true),
        alarm('ongoing-old', 300, false),
        alarm('ongoing-new', 60, false),
        alarm('ended-old', 500, true),
        ...Array.from({ length: DASHBOARD_RECENT_ALERTS }, (_, i) =>
          alarm(`ended-oldest-${i}`, 1000 + i, true),
        ),
      ] as (typeof alarms.$inferInsert)[])
      .returning({ id: alarms.id, sn: alarms.sourceSn });
    const d = await dashboard();
    const listed = d.recentAlerts.map((a: { deviceSn: string }) => names.get(a.deviceSn));
    expect(d.recentAlerts).toHaveLength(DASHBOARD_RECENT_ALERTS);
    expect(listed.slice(0, 4)).toEqual(['ongoing-new', 'ongoing-old', 'ended-new', 'ended-old']);
    expect(d.recentAlerts.slice(0, 2).every((a: { clearedAt: string | null }) => a.clearedAt === null)).toBe(
      true,
    );
    expect(d.recentAlerts[2].clearedAt).not.toBeNull();
    expect(d.alarmCount).toBe(2);
    expect(inserted).toHaveLength(4 + DASHBOARD_RECENT_ALERTS);
  });
});
