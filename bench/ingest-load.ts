/**
 * The ingest benchmark's load generator, run as a child process of bench/ingest.ts so that it has a
 * core of its own: connects the bench dongles, then publishes telemetry at a set total rate.
 *
 * Parent → child: { cmd: 'connect', url, count, resend? } then { cmd: 'run', rate, seconds, baseTs }.
 * Child → parent: { event: 'connected' }, then { event: 'done', ...LoadStats, startedAt, endedAt, cpuMs }.
 * With `resend` (the fault-injection tests: dongles that reconnect and send again what the broker did not
 * acknowledge, dongle-load.ts) 'done' also carries `dongles`: per dongle, in order, its published count
 * and `firstDrop`. Message k of a dongle has device time baseTs + k × SPACING_MS.
 */
import type { DeviceKind } from '@pvstar/contract/metrics';
import { topics } from '@pvstar/contract/mqtt';
import type { DeviceDef, PlantDef } from '../apps/simulator/src/model/plant.ts';
import { PlantModel } from '../apps/simulator/src/model/plant.ts';
import { telemetryPayload } from '../apps/simulator/src/model/telemetry.ts';
import { type BenchDongle, dongleFleet } from './dongle-load.ts';

/**
 * A house with a hybrid inverter, battery, grid meter, heat-pump sub-meter, wallbox and heat pump:
 * one message of 6 devices and 80 metrics, as the simulator reports it.
 */
export const HOUSE: readonly { letter: string; kind: DeviceKind }[] = [
  { letter: 'I', kind: 'INVERTER' },
  { letter: 'B', kind: 'BATTERY' },
  { letter: 'M', kind: 'METER' },
  { letter: 'N', kind: 'METER' },
  { letter: 'E', kind: 'EV_CHARGER' },
  { letter: 'P', kind: 'HEAT_PUMP' },
];
export const benchSerial = (letter: string, i: number) => `BENCH-${letter}-${String(i).padStart(6, '0')}`;
export const benchSecret = (sn: string) => `bench-secret-${sn}`;

const TEMPLATES = 16;

/** Readings of simulated houses at different hours of a summer day: what the dongles send, varied per message. */
export function templates(): { kind: DeviceKind; data: Record<string, number> }[][] {
  const devices: DeviceDef[] = HOUSE.map((d) => ({
    sn: `TPL-${d.letter}-000000`,
    kind: d.kind,
    ...(d.kind === 'INVERTER' ? { inverterType: 'THREE_PHASE' as const } : {}),
  }));
  return Array.from({ length: TEMPLATES }, (_, i) => {
    const plant: PlantDef = {
      latitude: 47 + (i % 8),
      longitude: 7 + (i % 7),
      tilt: 30,
      azimuth: 0,
      capacityKwp: 6 + i,
      storageKwh: 10,
      type: 'ENERGY_STORAGE',
      timezone: 'Europe/Berlin',
    };
    const start = Date.parse('2026-06-21T04:00:00Z') + i * 45 * 60_000;
    const model = new PlantModel(plant, devices, 1000 + i, start);
    const sample = model.advanceTo(start + 60 * 60_000);
    const payload = telemetryPayload('tpl', {
      plant,
      system: model.system,
      devices,
      sample,
      counters: model.counters,
      faults: new Map(),
    });
    return payload.devices.map((d) => ({ kind: d.kind, data: d.data }));
  });
}

/** Message `seq` of dongle `i`: counters grow by 10 Wh a message, power wanders a little. */
export function messageOf(
  tpl: ReturnType<typeof templates>[number],
  i: number,
  seq: number,
  ts: number,
  msgId: string,
) {
  return {
    msgId,
    ts,
    devices: tpl.map((d, k) => {
      const data: Record<string, number> = {};
      for (const [key, value] of Object.entries(d.data))
        data[key] =
          key.startsWith('daily') || key.startsWith('total')
            ? Math.round((value + seq * 0.01) * 1000) / 1000
            : key === 'power'
              ? Math.round(value * (1 + 0.02 * Math.sin(seq + i)))
              : value;
      return { sn: benchSerial(HOUSE[k]!.letter, i), kind: d.kind, data };
    }),
  };
}

/** Milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** Device time of message `seq`: 5 s apart, so that (device, ts) is unique and a run stays within one day. */
export const SPACING_MS = 5000;

async function main() {
  let fleet: ReturnType<typeof dongleFleet> | null = null;
  let dongles: BenchDongle[] = [];
  let resend = false;
  const tpls = templates();
  process.on('message', async (msg: { cmd: string; [k: string]: unknown }) => {
    if (msg.cmd === 'connect') {
      resend = msg.resend === true;
      fleet = dongleFleet({ url: msg.url as string, keepaliveSeconds: 60, resend });
      const count = msg.count as number;
      dongles = await fleet.connectAll(
        Array.from({ length: count }, (_, i) => {
          const sn = benchSerial('D', i + 1);
          return { sn, password: benchSecret(sn) };
        }),
      );
      process.send!({ event: 'connected', connected: fleet.stats.connected });
    } else if (msg.cmd === 'run') {
      const { rate, seconds, baseTs } = msg as unknown as { rate: number; seconds: number; baseTs: number };
      const cpu0 = process.cpuUsage();
      const startedAt = wallClock();
      const endAt = startedAt + seconds * 1000;
      const seqs = new Uint32Array(dongles.length);
      let sent = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const now = wallClock();
          const due = Math.floor((rate * (Math.min(now, endAt) - startedAt)) / 1000);
          while (sent < due) {
            const i = sent % dongles.length;
            const seq = seqs[i]!++;
            const msgId = `b${wallClock().toFixed(2)}`;
            const body = messageOf(tpls[i % TEMPLATES]!, i + 1, seq, baseTs + seq * SPACING_MS, msgId);
            dongles[i]!.publish(topics.telemetry(dongles[i]!.sn), JSON.stringify(body));
            sent++;
          }
          if (now >= endAt) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      const endedAt = wallClock();
      // Every PUBACK back (the broker has each message), or give up after 60 s.
      const until = Date.now() + 60_000;
      while (fleet!.stats.acked < fleet!.stats.published && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      const cpu = process.cpuUsage(cpu0);
      process.send!({
        event: 'done',
        ...fleet!.stats,
        startedAt,
        endedAt,
        cpuMs: (cpu.user + cpu.system) / 1000,
        ...(resend
          ? { dongles: dongles.map((d) => ({ published: d.published, firstDrop: d.firstDrop })) }
          : {}),
      });
    } else if (msg.cmd === 'close') {
      await fleet?.close();
      process.exit(0);
    }
  });
}

// Only as the generator itself, not when bench:fleet's generator imports the house from here.
if (process.send && import.meta.url === `file://${process.argv[1]}`) void main();
