import {
  CLOCK_TOLERANCE_SECONDS,
  type CommissioningItem,
  type ItemFacts,
} from '@pvstar/contract/commissioning';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlRow } from '../../db/rows.ts';

/** What the plant's data says about an item: passed or not (null: nothing to check), and the numbers. */
export interface DataVerdict {
  passed: boolean | null;
  facts: ItemFacts;
}

interface Row {
  dongles: number;
  dongles_online: number;
  dongles_timed: number;
  clock_offset: number | null;
  devices: number;
  devices_reporting: number;
  inverters: number;
  inverters_coded: number;
  grid_codes: string | null;
  batteries: number;
  batteries_ok: number;
  generation: number;
  owner_user_id: number | null;
  accepted: number;
  pending: number;
}

/** Device statuses that mean "it reports" (a device in fault or abnormal still talks). */
const REPORTING = sql`('ONLINE', 'ABNORMAL', 'FAULT')`;

/**
 * Checks every item against the plant's data now, in one statement over its dongles, devices, read-back
 * parameters, energy and invitations (docs/commissioning.md says what each item asks of the data):
 * - DONGLE_ONLINE: every dongle online;
 * - DEVICES_REPORTING: every device behind them reporting;
 * - CLOCK: every dongle's device time at its newest message within CLOCK_TOLERANCE_SECONDS of the
 *   server's time when it arrived;
 * - GRID_CODE: every inverter's grid code read back from the device (a read, or a write's read-back);
 * - BATTERY: every battery reporting with its communication NORMAL (nothing to check without one);
 * - FIRST_ENERGY: generation counted (kWh > 0);
 * - OWNER_INVITED: an owner account linked, or a live invitation sent.
 */
export async function checkPlantData(
  db: DbOrTx,
  plantId: number,
  now = new Date(),
): Promise<Record<CommissioningItem, DataVerdict>> {
  const r = (await sqlRow<Row>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM dongles WHERE plant_id = ${plantId}) AS dongles,
      (SELECT count(*)::int FROM dongles WHERE plant_id = ${plantId} AND status = 'ONLINE') AS dongles_online,
      (SELECT count(*)::int FROM dongles WHERE plant_id = ${plantId}
        AND last_telemetry_at IS NOT NULL AND last_seen_at IS NOT NULL) AS dongles_timed,
      (SELECT max(abs(extract(epoch FROM last_telemetry_at - last_seen_at)))::float8 FROM dongles
        WHERE plant_id = ${plantId} AND last_telemetry_at IS NOT NULL AND last_seen_at IS NOT NULL) AS clock_offset,
      (SELECT count(*)::int FROM devices WHERE plant_id = ${plantId}) AS devices,
      (SELECT count(*)::int FROM devices WHERE plant_id = ${plantId} AND status IN ${REPORTING}) AS devices_reporting,
      (SELECT count(*)::int FROM devices WHERE plant_id = ${plantId} AND kind = 'INVERTER') AS inverters,
      (SELECT count(*)::int FROM devices d JOIN remote_param_snapshots s ON s.device_id = d.id
        WHERE d.plant_id = ${plantId} AND d.kind = 'INVERTER' AND s.values->>'gridCode' IS NOT NULL) AS inverters_coded,
      (SELECT string_agg(DISTINCT s.values->>'gridCode', ', ') FROM devices d
        JOIN remote_param_snapshots s ON s.device_id = d.id
        WHERE d.plant_id = ${plantId} AND d.kind = 'INVERTER') AS grid_codes,
      (SELECT count(*)::int FROM devices WHERE plant_id = ${plantId} AND kind = 'BATTERY') AS batteries,
      (SELECT count(*)::int FROM devices d LEFT JOIN device_latest l ON l.device_id = d.id
        WHERE d.plant_id = ${plantId} AND d.kind = 'BATTERY' AND d.status IN ${REPORTING}
          AND coalesce((l.data->>'communicationStatus')::float8, 0) = 0) AS batteries_ok,
      coalesce((SELECT generation FROM plant_energy_total WHERE plant_id = ${plantId}), 0)::float8 AS generation,
      (SELECT owner_user_id FROM plants WHERE id = ${plantId}) AS owner_user_id,
      (SELECT count(*)::int FROM owner_invitations WHERE plant_id = ${plantId} AND accepted_at IS NOT NULL) AS accepted,
      (SELECT count(*)::int FROM owner_invitations WHERE plant_id = ${plantId} AND accepted_at IS NULL
        AND revoked_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz) AS pending`,
  ))!;
  const all = (done: number, total: number) => total > 0 && done === total;
  const offset = r.clock_offset === null ? undefined : Math.round(Number(r.clock_offset));
  const kwh = Math.round(Number(r.generation) * 100) / 100;
  const invitation: ItemFacts['invitation'] =
    r.owner_user_id !== null
      ? r.accepted > 0
        ? 'ACCEPTED'
        : 'ACCOUNT'
      : r.pending > 0
        ? 'PENDING'
        : undefined;
  return {
    DONGLE_ONLINE: {
      passed: all(r.dongles_online, r.dongles),
      facts: { done: r.dongles_online, total: r.dongles },
    },
    DEVICES_REPORTING: {
      passed: all(r.devices_reporting, r.devices),
      facts: { done: r.devices_reporting, total: r.devices },
    },
    CLOCK: {
      passed: all(r.dongles_timed, r.dongles) && offset !== undefined && offset <= CLOCK_TOLERANCE_SECONDS,
      facts: offset === undefined ? {} : { offsetSeconds: offset },
    },
    GRID_CODE: {
      passed: all(r.inverters_coded, r.inverters),
      facts: {
        done: r.inverters_coded,
        total: r.inverters,
        ...(r.grid_codes ? { gridCode: r.grid_codes } : {}),
      },
    },
    BATTERY: {
      passed: r.batteries === 0 ? null : r.batteries_ok === r.batteries,
      facts: { done: r.batteries_ok, total: r.batteries },
    },
    FIRST_ENERGY: { passed: kwh > 0, facts: { kwh } },
    OWNER_INVITED: { passed: invitation !== undefined, facts: invitation ? { invitation } : {} },
  };
}
