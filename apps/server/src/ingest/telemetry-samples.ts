import { type DeviceKind, metricDef } from '@pvstar/contract/metrics';
import {
  BACKLOG_AGE_MS,
  MAX_CLOCK_SKEW_MS,
  type TelemetryBatchPayload,
  type TelemetryPayload,
} from '@pvstar/contract/mqtt';
import { localDay } from '../domain/calendar.ts';
import type { createDeviceLookup, DeviceInfo } from './device-lookup.ts';

/**
 * A dongle's telemetry message as ingest batches it (ingest.ts): its readings, each device's sample with its
 * plant and local day, what it drops and why, and which readings describe the present (BACKLOG_AGE_MS).
 */

export interface Sample {
  deviceId: number;
  /** The serial the message named: the position's device when the lookup was made. */
  sn: string;
  /** The dongle that sent it. */
  dongleSn: string;
  plantId: number;
  /** The plant's place and zone: they decide which of its intervals are daylight ones. */
  place: Pick<DeviceInfo, 'timezone' | 'latitude' | 'longitude'>;
  kind: DeviceKind;
  ts: number;
  /** Near the server's present (BACKLOG_AGE_MS): only such a reading brings a device back or teaches the interval. */
  present: boolean;
  day: string;
  data: Record<string, number>;
}

export type DropReason =
  | 'oversized'
  | 'topic'
  | 'json'
  | 'schema'
  | 'future'
  | 'unknownDevice'
  | 'foreignDevice'
  | 'replaced'
  | 'metric'
  | 'beforePlant'
  /** Over its dongle's limits of the minute (flood-guard.ts). */
  | 'flood';

/** What the samples of one message need from ingest: its device lookup and its counters. */
export interface SampleContext {
  devicesBySn: ReturnType<typeof createDeviceLookup>;
  drop: (reason: DropReason, detail?: Record<string, unknown>) => void;
  countBadMetrics: (n: number) => void;
}

/**
 * The samples of a validated telemetry message from dongle `dongleSn` at the server's `nowMs`, and the time
 * of each reading that brought one (with whether it describes the present).
 */
export async function samplesOf(
  msg: TelemetryPayload | TelemetryBatchPayload,
  dongleSn: string,
  nowMs: number,
  topic: string,
  ctx: SampleContext,
): Promise<{ samples: Sample[]; times: { ts: number; present: boolean }[] }> {
  const readings = ('readings' in msg ? msg.readings : [msg]).filter((r) => {
    if (r.ts <= nowMs + MAX_CLOCK_SKEW_MS) return true;
    ctx.drop('future', { topic, ts: r.ts });
    return false;
  });
  const named = [...new Map(readings.flatMap((r) => r.devices).map((d) => [d.sn, d])).values()];
  const infos = await ctx.devicesBySn.lookup(named.map((d) => d.sn));
  // A device cached as another dongle's is asked for once more: its dongle may have been replaced
  // (decision 024), and its devices report through the new one from its first message.
  const moved = named
    .filter((d) => {
      const info = infos.get(d.sn);
      return info && (info.dongleSn !== dongleSn || info.kind !== d.kind);
    })
    .map((d) => d.sn);
  if (moved.length) {
    for (const sn of moved) ctx.devicesBySn.forget(sn);
    for (const [sn, info] of await ctx.devicesBySn.lookup(moved)) infos.set(sn, info);
  }
  const samples: Sample[] = [];
  const times: { ts: number; present: boolean }[] = [];
  for (const reading of readings) {
    // A reading older than BACKLOG_AGE_MS is history: stored and metered, but it says nothing of now.
    const present = reading.ts >= nowMs - BACKLOG_AGE_MS;
    // The devices of one reading share its time and, nearly always, their plant's zone.
    const days = new Map<string, string>();
    const dayIn = (zone: string) => {
      const known = days.get(zone);
      if (known) return known;
      const day = localDay(reading.ts, zone);
      days.set(zone, day);
      return day;
    };
    let any = false;
    for (const d of reading.devices) {
      const info = infos.get(d.sn);
      if (!info) {
        ctx.drop('unknownDevice', { topic, device: d.sn });
        continue;
      }
      // A dongle speaks only for its own devices.
      if (info.dongleSn !== dongleSn || info.kind !== d.kind) {
        ctx.drop('foreignDevice', { topic, device: d.sn });
        continue;
      }
      any = true;
      samples.push({
        deviceId: info.id,
        sn: d.sn,
        dongleSn: dongleSn,
        plantId: info.plantId,
        place: info,
        kind: info.kind,
        ts: reading.ts,
        present,
        day: dayIn(info.timezone),
        data: cleanData(info.kind, d.data, ctx.countBadMetrics),
      });
    }
    if (any) times.push({ ts: reading.ts, present });
  }
  return { samples, times };
}

/** Keeps only catalogue metrics of the device's kind within their plausible range. */
function cleanData(
  kind: DeviceKind,
  data: Record<string, number>,
  countBad: (n: number) => void,
): Record<string, number> {
  const out: Record<string, number> = {};
  let bad = 0;
  for (const [key, value] of Object.entries(data)) {
    const def = metricDef(kind, key);
    if (def && value >= def.min && value <= def.max) out[key] = value;
    else bad++;
  }
  if (bad) countBad(bad);
  return out;
}
