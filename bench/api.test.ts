import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../apps/server/test/helper.ts';
import { ask, type Endpoint, endpoints, loadOne, signIn, type Tokens } from './api-endpoints.ts';
import {
  type ApiFleet,
  alarmFilterTotal,
  alarmPlant,
  CONSUMPTION,
  generationOn,
  installerOf,
  loadApiFleet,
  ongoingCount,
  powerOf,
} from './api-fleet.ts';

/**
 * The API benchmark on a small fleet over a real listening server, so that it never rots: every endpoint
 * answers 200 with the figures of the fleet it loaded, and the load harness counts no errors.
 */
const SIZE = { plants: 200, installers: 3, days: 20, alarms: 1000 };
let t: TestApp;
let fleet: ApiFleet;
let base: string;
let tokens: Tokens;
let byKey: Map<string, Endpoint>;

beforeAll(async () => {
  t = await buildTestApp();
  fleet = await loadApiFleet(t.ctx.db, SIZE);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tokens = await signIn(base);
  byKey = new Map(endpoints(fleet).map((ep) => [ep.key, ep]));
});
afterAll(() => t?.close());

const call = (key: string) => ask<any>(base, byKey.get(key)!, tokens);
const plantsOf = (installer: number) =>
  Array.from({ length: SIZE.plants }, (_, i) => i + 1).filter((i) => installerOf(SIZE, i) === installer);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const perPlant = sum(Array.from({ length: SIZE.days }, (_, d) => generationOn(d)));

describe('bench:api, short', () => {
  it('lists the plants in scope: all for the dealer, installer A its own', async () => {
    const dealer = await call('list-dealer');
    expect(dealer.total).toBe(SIZE.plants);
    // Newest first: the last plant written, its inverter's PV power now (domain/power-now.ts: the
    // latest values' pvPower, 1200 W for every inverter of the fleet) and today's generation.
    expect(dealer.list[0]).toMatchObject({
      stationNo: `P-API-${SIZE.plants}`,
      currentPower: 1200,
      todayGeneration: generationOn(0),
      deviceCount: 4,
    });
    const installer = await call('list-installer');
    expect(installer.total).toBe(plantsOf(0).length);
    expect(installer.list.every((r: { orgId: number }) => r.orgId === fleet.installerIds[0])).toBe(true);
  });

  it('sums the loaded roll-ups on the dashboard of the dealer and of installer A', async () => {
    for (const [key, plants] of [
      ['dashboard-dealer', Array.from({ length: SIZE.plants }, (_, i) => i + 1)],
      ['dashboard-installer', plantsOf(0)],
    ] as const) {
      const d = await call(key);
      const ongoing = Array.from({ length: ongoingCount(SIZE) }, (_, k) => alarmPlant(SIZE, k + 1));
      expect(d).toMatchObject({
        plantCount: plants.length,
        installedCapacity: sum(plants.map((i) => 5 + (i % 20))),
        todayGeneration: plants.length * generationOn(0),
        totalGeneration: plants.length * perPlant,
        alarmCount: ongoing.filter((p) => plants.includes(p)).length,
      });
      expect(d.trend.at(-1)).toEqual({
        day: fleet.today,
        generation: plants.length * generationOn(0),
        consumption: plants.length * CONSUMPTION,
      });
      expect(d.trend.filter((e: { generation: number }) => e.generation > 0)).toHaveLength(SIZE.days);
      expect(d.powerFlow.inverterCount).toBe(plants.length);
    }
  });

  it("answers the plant's 365-day trend with a row per day and the loaded totals", async () => {
    const trend = await call('trend');
    expect(trend.rows).toHaveLength(365);
    expect(trend.rows.at(-1)).toMatchObject({ period: fleet.today, generation: generationOn(0) });
    expect(trend.totals.generation).toBe(perPlant);
  });

  it('finds exactly the alarms of the filter', async () => {
    const page = await call('alarms');
    expect(page.total).toBe(alarmFilterTotal(SIZE, () => true));
    expect(page.list).toHaveLength(10);
    for (const a of page.list) {
      expect(['SERIOUS', 'ERROR']).toContain(a.alarmLevel);
      expect(a.alarmStatus).toBe('ENDED');
    }
  });

  it("answers the plant detail's calls with the plant's devices, figures and a full day's curve", async () => {
    const info = await call('detail-info');
    expect(info).toMatchObject({ id: fleet.firstPlantId, stationNo: 'P-API-1' });
    expect(info.dongles[0].devices.map((d: { kind: string }) => d.kind).sort()).toEqual([
      'BATTERY',
      'INVERTER',
      'METER',
    ]);
    const overview = await call('detail-overview');
    expect(overview.today.generation).toBe(generationOn(0));
    expect(overview.total.generation).toBe(perPlant);
    expect(overview.powerFlow.pvPower).toBe(1200);
    const curve = await call('detail-curve');
    // A local day has 288 five-minute steps, 276 or 300 on the days the clocks change.
    expect([276, 288, 300]).toContain(curve.points.length);
    expect(curve.points[0].pvPower).toBe(powerOf(1) * 1.1);
  });

  it('loads an endpoint and counts every answer as right', async () => {
    for (const key of ['health', 'list-installer']) {
      const r = await loadOne(base, byKey.get(key)!, tokens, { connections: 4, seconds: 1 });
      expect(r.requests).toBeGreaterThan(0);
      expect(r.errors).toBe(0);
    }
    // A wrong answer counts: an endpoint the dealer may not read.
    const wrong = await loadOne(
      base,
      { key: 'x', name: 'x', method: 'GET', path: '/station/station/999999', as: 'dealer' },
      tokens,
      { connections: 2, seconds: 1 },
    );
    expect(wrong.errors).toBe(wrong.requests);
  });
});
