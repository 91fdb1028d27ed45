import { sql } from 'drizzle-orm';
import { sqlRow } from '../src/db/rows.ts';
import { devices, dongles, plants, telemetrySamples } from '../src/db/schema/index.ts';
import { addDays, localDay } from '../src/domain/calendar.ts';
import { recomputeEnergy } from '../src/ingest/energy-recompute.ts';
import { issueDongleSecret } from '../src/modules/device/dongle-credentials.ts';
import { orgIdByName, type TestApp, userIdByName } from './helper.ts';

/**
 * Test support of the set-aside readings (decision 031): a 10 kW plant of installer A, owned by demo-owner,
 * in Berlin, whose inverter's lifetime counter glitched yesterday as in the issue — a dip, then a jump to a
 * new level it keeps — metered by the recomputation, so that `set_aside_readings` holds what the rule
 * made of them: 10:05 DIP, 10:15 JUMP (10:20 is metered from the new level).
 */
export const ZONE = 'Europe/Berlin';

/** The readings of the day at local HH:MM, totalGeneration in kWh. */
export const GLITCHING_DAY: [string, number][] = [
  ['10:00', 1025.4648],
  ['10:05', 1025.4548],
  ['10:10', 1025.47],
  ['10:15', 1091.006],
  ['10:20', 1091.1],
];

export async function addSetAsidePlant(t: TestApp, label: string) {
  const db = t.ctx.db;
  const day = localDay(Date.now() - 86_400_000, ZONE);
  // Yesterday's local 10:00 in Berlin, whatever the offset (summer or winter time).
  const midnight = (await sqlRow<{ t: Date | string }>(
    db,
    sql`SELECT (${day}::date::timestamp AT TIME ZONE ${ZONE}) AS t`,
  ))!.t;
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return new Date(new Date(midnight).getTime() + (h * 60 + m) * 60_000);
  };
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: `P-SA-${label}`,
      orgId: await orgIdByName(t, 'Solartechnik Alpha'),
      ownerUserId: await userIdByName(t, 'demo-owner'),
      name: `Set-aside ${label}`,
      type: 'PHOTOVOLTAIC',
      installedCapacity: 10,
      timezone: ZONE,
      feedInPrice: 0.08,
      purchasePrice: 0.3,
    })
    .returning({ id: plants.id });
  const [dongle] = await db
    .insert(dongles)
    .values({ sn: `DGL-SA-${label}`, plantId: plant!.id, secretHash: issueDongleSecret().secretHash })
    .returning({ id: dongles.id });
  const [inverter] = await db
    .insert(devices)
    .values({
      sn: `INV-SA-${label}`,
      dongleId: dongle!.id,
      plantId: plant!.id,
      kind: 'INVERTER',
      ratedPower: 10_000,
      status: 'ONLINE',
    })
    .returning({ id: devices.id });
  const [battery] = await db
    .insert(devices)
    .values({ sn: `BAT-SA-${label}`, dongleId: dongle!.id, plantId: plant!.id, kind: 'BATTERY' })
    .returning({ id: devices.id });
  await db.insert(telemetrySamples).values(
    GLITCHING_DAY.map(([hhmm, total]) => ({
      deviceId: inverter!.id,
      ts: at(hhmm),
      data: { totalGeneration: total, power: 1200 },
    })),
  );
  await recomputeEnergy(db, { plantId: plant!.id, from: addDays(day, -1), to: day });
  return {
    plantId: plant!.id,
    dongleId: dongle!.id,
    inverterId: inverter!.id,
    inverterSn: `INV-SA-${label}`,
    batteryId: battery!.id,
    day,
    at,
    /** The inverter's generation of the day, kWh. */
    generation: async () =>
      Number(
        (
          await sqlRow<{ g: number }>(
            db,
            sql`SELECT generation AS g FROM device_energy_daily WHERE device_id = ${inverter!.id} AND day = ${day}`,
          )
        )?.g ?? 0,
      ),
  };
}
