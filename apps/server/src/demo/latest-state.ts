import type { PlantState } from '@pvstar/simulator/model/energy';
import { ENERGY_FLOWS, zeroTotals } from '@pvstar/simulator/model/plant';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceLatest, devices } from '../db/schema/index.ts';
import type { FleetMember } from './register.ts';

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * Where each member's dongle left off: its inverters' last stored reading (time and lifetime counters),
 * the meter's, charger's and heat pump's counters and the battery's charge at that time. A dongle resuming
 * from it continues the counters that ingest meters, so a restart neither repeats nor skips energy.
 * Members whose inverter has no stored reading yet are missing from the map.
 */
export async function latestStates(
  db: Db,
  members: readonly FleetMember[],
): Promise<Map<string, PlantState>> {
  const out = new Map<string, PlantState>();
  const sns = members.flatMap((m) => m.devices.map((d) => d.sn));
  if (!sns.length) return out;
  const rows = await db
    .select({ sn: devices.sn, kind: devices.kind, ts: deviceLatest.ts, data: deviceLatest.data })
    .from(deviceLatest)
    .innerJoin(devices, sql`${devices.id} = ${deviceLatest.deviceId}`)
    .where(inArray(devices.sn, sns));
  const bySn = new Map(rows.map((r) => [r.sn, r]));
  for (const m of members) {
    const own = m.devices.map((d) => bySn.get(d.sn)).filter((r) => r !== undefined);
    const inverters = own.filter((r) => r.kind === 'INVERTER' && 'totalGeneration' in r.data);
    if (!inverters.length) continue;
    const totals = zeroTotals();
    // Several inverters share the plant's flows (telemetry.ts): the plant's counters are their sum.
    for (const r of inverters)
      for (const flow of ENERGY_FLOWS) totals.total[flow] += r.data[`total${cap(flow)}`] ?? 0;
    const value = (kind: string, key: string) =>
      own.filter((r) => r.kind === kind).reduce((s, r) => s + (r.data[key] ?? 0), 0);
    totals.meterImport = value('METER', 'totalImport') || totals.total.purchase;
    totals.meterExport = value('METER', 'totalExport') || totals.total.feedIn;
    totals.evTotal = value('EV_CHARGER', 'totalEnergy');
    totals.hpTotal = value('HEAT_PUMP', 'totalEnergy');
    const batteries = own.filter((r) => r.kind === 'BATTERY');
    out.set(m.dongleSn, {
      at: Math.max(...inverters.map((r) => r.ts.getTime())),
      totals,
      soc: batteries.length ? value('BATTERY', 'soc') / batteries.length : 0,
    });
  }
  return out;
}
