import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, type FixturePlant } from '../../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { organizations } from '../../db/schema/index.ts';
import type { Caller } from '../../domain/caller.ts';
import { bellQuery } from './alarm.service.ts';

let t: TestApp;
let plant: FixturePlant;

beforeAll(async () => {
  t = await buildTestApp();
  plant = await addPlant(t, { org: 'Solartechnik Alpha' });
  // A long history: 40,000 ended or acknowledged alarms, and a handful that ring the bell.
  await t.ctx.db.execute(sql`
    INSERT INTO alarms (plant_id, source_sn, device_type, kind, fault_code, alarm_level, status,
      started_at, latest_at, ended_at, ack_at)
    SELECT ${plant.plantId}, ${plant.devices.INVERTER.sn}, 'INVERTER', 'EVENT', 'INV-FAN-' || i, 'WARN',
      CASE WHEN i % 2 = 0 THEN 'ENDED' ELSE 'ONGOING' END,
      now() - i * interval '1 minute', now() - i * interval '1 minute',
      CASE WHEN i % 2 = 0 THEN now() END, CASE WHEN i % 2 = 1 THEN now() END
    FROM generate_series(1, 40000) i`);
  await t.ctx.db.execute(sql`
    INSERT INTO alarms (plant_id, source_sn, device_type, kind, fault_code, alarm_level, status, started_at, latest_at)
    SELECT ${plant.plantId}, ${plant.devices.INVERTER.sn}, 'INVERTER', 'EVENT', 'INV-ISO-' || i, 'ERROR', 'ONGOING', now(), now()
    FROM generate_series(1, 5) i`);
  await t.ctx.db.execute(sql`ANALYZE alarms`);
});
afterAll(() => t.close());

describe('the bell’s count', () => {
  it('reads the partial index of open alarms, not the history', async () => {
    const [org] = await t.ctx.db
      .select({ id: organizations.id, path: organizations.path })
      .from(organizations)
      .where(eq(organizations.name, 'Solartechnik Alpha'));
    const caller: Caller = {
      userId: 0,
      username: 'installer',
      orgId: org!.id,
      orgPath: org!.path,
      orgType: 'INSTALLER',
      perms: new Set(),
      dataScope: 'ORG_AND_SUB',
      readOnly: false,
      sessionId: 0,
    };
    const [row] = await bellQuery(t.ctx.db, caller);
    expect(row!.total).toBe(5);
    const plan = (await t.ctx.db.execute(sql`EXPLAIN ${bellQuery(t.ctx.db, caller)}`)).rows
      .map((r) => Object.values(r as Record<string, string>)[0])
      .join('\n');
    expect(plan).toMatch(/alarms_open_idx/);
    expect(plan).not.toMatch(/Seq Scan on alarms/);
  });
});
