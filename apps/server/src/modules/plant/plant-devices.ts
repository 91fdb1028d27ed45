import type { InverterType, NetworkingMode } from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { type DongleSecret, type StationAddBody, serialsOf } from '@pvstar/contract/station';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { devices, dongles } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { issueDongleSecret } from '../device/dongle-credentials.ts';

/*
 * A registration's dongles and devices: flattened from the request, their serials checked free, the
 * dongles stored with fresh secrets.
 */

export type DeviceRow = { sn: string; kind: DeviceKind; dongleSn: string } & Partial<{
  inverterType: InverterType;
  ratedPower: number | null;
  manufacturer: string | null;
  model: string | null;
  deviceAddress: number | null;
}>;

/** The devices of a request, flattened, with the kind and the dongle each hangs on. */
export function requestedDevices(body: StationAddBody): DeviceRow[] {
  return body.devices.dongles.flatMap((d) => [
    ...d.inverters.map((x) => ({
      sn: x.sn,
      kind: 'INVERTER' as const,
      dongleSn: d.sn,
      inverterType: x.inverterType,
      ratedPower: x.ratedPower ?? null,
      manufacturer: x.manufacturer || null,
      model: x.model || null,
      deviceAddress: x.deviceAddress ?? null,
    })),
    ...d.batteries.map((x) => ({
      sn: x.sn,
      kind: 'BATTERY' as const,
      dongleSn: d.sn,
      manufacturer: x.manufacturer || null,
      model: x.model || null,
      deviceAddress: x.deviceAddress ?? null,
    })),
    ...d.meters.map((x) => ({
      sn: x.sn,
      kind: 'METER' as const,
      dongleSn: d.sn,
      deviceAddress: x.deviceAddress ?? null,
    })),
  ]);
}

/** The columns of a device row from a request (serial, dongle and plant are set by the caller). */
export const deviceValues = (d: DeviceRow) => ({
  kind: d.kind,
  inverterType: d.inverterType ?? null,
  ratedPower: d.ratedPower ?? null,
  manufacturer: d.manufacturer ?? null,
  model: d.model ?? null,
  deviceAddress: d.deviceAddress ?? null,
});

/**
 * Every serial must be free: registered nowhere, or (on edit) already this plant's in the same role
 * (dongle stays dongle, device stays device). The message is the same whoever holds it.
 */
export async function checkSerials(db: Db, body: StationAddBody, plantId?: number) {
  const wanted = serialsOf(body.devices);
  const sns = wanted.map((w) => w.sn);
  const dongleSns = new Set(body.devices.dongles.map((d) => d.sn));
  const [takenDongles, takenDevices] = await Promise.all([
    db.select({ sn: dongles.sn, plantId: dongles.plantId }).from(dongles).where(inArray(dongles.sn, sns)),
    db.select({ sn: devices.sn, plantId: devices.plantId }).from(devices).where(inArray(devices.sn, sns)),
  ]);
  for (const w of wanted) {
    const asDongle = takenDongles.find((d) => d.sn === w.sn);
    const asDevice = takenDevices.find((d) => d.sn === w.sn);
    const isDongle = dongleSns.has(w.sn);
    const ownOk =
      plantId !== undefined &&
      (asDongle ? asDongle.plantId === plantId && isDongle : true) &&
      (asDevice ? asDevice.plantId === plantId && !isDongle : true);
    if ((asDongle || asDevice) && !ownOk) throw conflict('station.serialTaken', w.path.join('.'));
  }
}

/** Inserts dongles with fresh secrets; only the hashes are stored, the plain secrets are returned once. */
export async function insertDongles(
  tx: Tx,
  plantId: number,
  list: { sn: string; networkingMode: NetworkingMode }[],
): Promise<{ secrets: DongleSecret[]; ids: Map<string, number> }> {
  const secrets: DongleSecret[] = [];
  const ids = new Map<string, number>();
  for (const d of list) {
    const { secret, secretHash } = issueDongleSecret();
    const [row] = await tx
      .insert(dongles)
      .values({ sn: d.sn, plantId, secretHash, networkingMode: d.networkingMode })
      .returning({ id: dongles.id });
    ids.set(d.sn, row!.id);
    secrets.push({ sn: d.sn, secret });
  }
  return { secrets, ids };
}

/**
 * An edit's dongles and devices: kept serials keep their rows (and dongles their secrets); new ones are
 * added, the rest removed. The serials of the dongles and devices removed, and the dongles added.
 */
export async function replaceDevices(tx: Tx, plantId: number, body: StationAddBody) {
  const oldDongles = await tx
    .select({ id: dongles.id, sn: dongles.sn })
    .from(dongles)
    .where(eq(dongles.plantId, plantId));
  const dongleIds = new Map(oldDongles.map((d) => [d.sn, d.id]));
  for (const d of body.devices.dongles)
    if (dongleIds.has(d.sn))
      await tx
        .update(dongles)
        .set({ networkingMode: d.networkingMode })
        .where(eq(dongles.id, dongleIds.get(d.sn)!));
  const added = await insertDongles(
    tx,
    plantId,
    body.devices.dongles.filter((d) => !dongleIds.has(d.sn)),
  );
  for (const [sn, id] of added.ids) dongleIds.set(sn, id);

  const wanted = requestedDevices(body);
  const oldDevices = await tx
    .select({ id: devices.id, sn: devices.sn })
    .from(devices)
    .where(eq(devices.plantId, plantId));
  const deviceIds = new Map(oldDevices.map((d) => [d.sn, d.id]));
  for (const d of wanted) {
    const values = { dongleId: dongleIds.get(d.dongleSn)!, ...deviceValues(d) };
    const existing = deviceIds.get(d.sn);
    if (existing !== undefined) await tx.update(devices).set(values).where(eq(devices.id, existing));
    else await tx.insert(devices).values({ sn: d.sn, plantId, ...values });
  }
  const keptDevices = new Set(wanted.map((d) => d.sn));
  const goneDevices = oldDevices.filter((d) => !keptDevices.has(d.sn));
  if (goneDevices.length) {
    // Raw samples have no foreign key (partitioned table): their rows go explicitly.
    await tx.execute(
      sql`DELETE FROM telemetry_samples WHERE device_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(goneDevices.map((d) => d.id))}::jsonb)::int)`,
    );
    await tx.delete(devices).where(
      inArray(
        devices.id,
        goneDevices.map((d) => d.id),
      ),
    );
  }
  const keptDongles = new Set(body.devices.dongles.map((d) => d.sn));
  const goneDongles = oldDongles.filter((d) => !keptDongles.has(d.sn));
  if (goneDongles.length)
    await tx.delete(dongles).where(
      inArray(
        dongles.id,
        goneDongles.map((d) => d.id),
      ),
    );
  return { added, goneDongles: goneDongles.map((d) => d.sn), goneDevices: goneDevices.map((d) => d.sn) };
}
