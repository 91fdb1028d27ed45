import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetStatus, fleetTelemetry, insertFleet, recordingDb } from '../../test/fleet-fixture.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow } from '../db/rows.ts';
import { sweepStale } from '../domain/status-sweeper.ts';
import { createIngest } from './ingest.ts';

const PLANTS = 5000;
const PER_DONGLE = 4;
const FLEET_TABLES = new Set(['devices', 'dongles', 'plants']);

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && FLEET_TABLES.has(node['Relation Name'] ?? '')
    ? [node['Relation Name']!]
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

/**
 * Work per batch proportional to the batch (issue 21): over a fleet of 5,000 plants, dongles and 20,000
 * inverters, the planner reads none of devices, dongles or plants whole for any statement that one
 * ingest batch of two messages (with a dongle going offline and one coming back) and one sweep run.
 * PostgreSQL's planner is the one that matters; PGlite plans alike but takes a minute to build the fleet.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'ingest and sweeper statements over a large fleet',
  () => {
    let t: TestApp;
    const now = Date.parse('2026-06-21T10:00:00Z');
    beforeAll(async () => {
      t = await buildTestApp();
      await insertFleet(t.ctx.db, {
        plants: PLANTS,
        devicesPerDongle: PER_DONGLE,
        intervalSeconds: 60,
        heard: new Date(now - 30_000),
      });
      // A few dongles fell silent: the sweep has something to do.
      await t.ctx.db.execute(sql`
      UPDATE dongles SET last_seen_at = ${new Date(now - 3_600_000).toISOString()}::timestamptz
      WHERE sn IN ('DGL-F10', 'DGL-F11', 'DGL-F12')`);
      // An ongoing communication alarm that the batch ends.
      await t.ctx.db.execute(sql`
      INSERT INTO alarms (plant_id, dongle_id, device_id, source_sn, device_type, kind, fault_code, alarm_level, started_at, latest_at)
      SELECT d.plant_id, d.dongle_id, d.id, d.sn, 'INVERTER', 'COMM', 'INV-COMM-LOST', 'GENERAL', now(), now()
      FROM devices d WHERE d.sn = 'INV-F1-1'`);
    }, 120_000);
    afterAll(() => t.close());

    it('plans no sequential scan of devices, dongles or plants', async () => {
      const seen: SQL[] = [];
      const db = recordingDb(t.ctx.db, seen);
      const ingest = createIngest({ db, log: pino({ level: 'silent' }), now: () => now, flushMs: 5 });
      await Promise.all([
        fleetTelemetry(ingest, 1, now - 1000, { devicesPerDongle: PER_DONGLE }),
        fleetTelemetry(ingest, 2, now - 1000, { devicesPerDongle: PER_DONGLE }),
        fleetStatus(ingest, 3, 'offline'),
        fleetStatus(ingest, 4, 'online'),
      ]);
      expect(ingest.stats().stored).toBe(2 * PER_DONGLE);
      expect(await sweepStale(db, new Date(now))).toBe(3 * PER_DONGLE);

      const scans: { statement: string; tables: string[] }[] = [];
      for (const statement of seen) {
        const text = new PgDialect().sqlToQuery(statement).sql;
        if (!/\b(devices|dongles|plants)\b/.test(text)) continue;
        const row = await sqlRow<{ 'QUERY PLAN': unknown }>(
          t.ctx.db,
          sql`EXPLAIN (FORMAT JSON) ${statement}`,
        );
        const plan = row!['QUERY PLAN'];
        const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
        const tables = seqScans(top!.Plan);
        if (tables.length) scans.push({ statement: text.replace(/\s+/g, ' ').slice(0, 160), tables });
      }
      expect(seen.length).toBeGreaterThan(10);
      expect(scans).toEqual([]);
    }, 60_000);
  },
);
