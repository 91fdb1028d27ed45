import { describe, expect, it } from 'vitest';
import { benchFleet, type FleetOptions } from './fleet.ts';
import { fleetTable } from './fleet-table.ts';

/**
 * bench:fleet on a short fleet with three-second "minutes", so that it never rots: through the steady
 * state and the outage every telemetry message the dongles published is stored once, the plant energy
 * follows the counters, the distinct users' dashboards answer, and the report has its figures.
 */
const SHORT: FleetOptions = {
  dongles: 120,
  minuteMs: 3000,
  warmupMinutes: 0,
  minutes: 1,
  outageSeconds: 3,
  eventShare: 0.05,
  dashboardUsers: 3,
  dashboardSeconds: 1,
};

async function check(o: FleetOptions) {
  const r = await benchFleet(o);
  expect(r.telemetryPublished).toBeGreaterThan(o.dongles);
  expect(r.telemetryAcked).toBe(r.telemetryPublished);
  expect(r.storedMessages).toBe(r.telemetryPublished);
  expect(r.energyMismatches).toBe(0);
  expect(r.eventsPublished).toBeGreaterThan(0);
  expect(r.disconnects).toBe(0);
  expect(r.outage?.dropped).toBe(o.dongles / 3);
  for (const phase of [r.steady, r.outage!]) {
    expect(phase.messages).toBeGreaterThan(0);
    expect(phase.serverMsPerMessage).toBeGreaterThan(0);
    expect(phase.p99Ms).toBeGreaterThanOrEqual(phase.p50Ms);
  }
  // A commit is counted in the phase it is seen in, which on a busy machine may be the next one.
  expect(r.steady.latencies + r.outage!.latencies).toBeGreaterThan(0);
  expect(r.serverRssMaxMb).toBeGreaterThan(0);
  for (const d of [r.dashboards!.installers, r.dashboards!.dealers]) {
    expect(d.errors).toBe(0);
    expect(d.perSecond).toBeGreaterThan(0);
  }
  expect(fleetTable([r])).toContain('| lost / double-counted (plant days off the counters) | 0 / 0 |');
  return r;
}

describe('bench:fleet, short', () => {
  it(
    'stores every published message once through an outage on the embedded default',
    () => check(SHORT),
    180_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'stores every published message once through an outage on PostgreSQL + Mosquitto, without deadlocks',
    async () => {
      const r = await check({ ...SHORT, postgresUrl: process.env.DATABASE_URL });
      expect(r.steady.postgresMsPerMessage).toBeGreaterThan(0);
      expect(r.brokerRssMb).toBeGreaterThan(0);
    },
    180_000,
  );
});
