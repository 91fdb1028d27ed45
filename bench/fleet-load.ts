/**
 * bench:fleet's load generator, a child process of bench/fleet.ts (several for a large fleet: one
 * process holds at most ~15,000 sockets under this machine's file limit). It connects its share of the
 * fleet, dongles `from + 1 … from + count` of `total`, each with the product's 'offline' will, then
 * publishes at fleet pace: every dongle one telemetry message per `minuteMs` in a slot of its own (the
 * slots spread evenly over the minute, device time = publish time), and `eventShare` of the dongles a
 * minute a fault event half a minute after their telemetry, raising it and ending it the next time.
 *
 * Parent → child: connect { url, from, count, total, localAddress }; run { t0, minuteMs, eventShare };
 * drop { every } (dongles whose number is a multiple of it pull their plug, once nothing of theirs
 * waits for a PUBACK); return (they reconnect together, publishing 'online'); window (the counts so far
 * and the PUBACK times since the last window); stop (no more publishing; waits for the PUBACKs); close.
 * Child → parent: connected, running, dropped, returned, window, stopped — each with the counts of `Counts`.
 */
import { topics } from '@pvstar/contract/mqtt';
import { type BenchDongle, dongleFleet } from './dongle-load.ts';
import { benchSecret, benchSerial, messageOf, templates, wallClock } from './ingest-load.ts';

export interface Counts {
  telemetryPublished: number;
  telemetryAcked: number;
  eventsPublished: number;
  /** All messages: telemetry, events and 'online' statuses. */
  published: number;
  acked: number;
  connected: number;
  disconnects: number;
  dropped: number;
  /** PUBACK times of telemetry since the previous window, ms, sorted. */
  ackMs: number[];
  cpuMs: number;
}

/** The inverter's fault code the bench events raise and end (one of the fault library's). */
export const FLEET_FAULT = 'INV-GRID-OV';

async function main() {
  let fleet: ReturnType<typeof dongleFleet> | null = null;
  let dongles: BenchDongle[] = [];
  let from = 0;
  let total = 0;
  const tpls = templates();
  let ackMs: number[] = [];
  let telemetryPublished = 0;
  let telemetryAcked = 0;
  let eventsPublished = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Dongles that are leaving or away: they publish nothing. */
  const away = new Set<number>();
  let seqs = new Uint32Array(0);
  const faulty: boolean[] = [];

  const counts = (): Counts => {
    const out = {
      telemetryPublished,
      telemetryAcked,
      eventsPublished,
      published: fleet!.stats.published,
      acked: fleet!.stats.acked,
      connected: fleet!.stats.connected,
      disconnects: fleet!.stats.disconnects,
      dropped: fleet!.stats.dropped,
      ackMs: ackMs.sort((a, b) => a - b),
      cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    };
    ackMs = [];
    return out;
  };
  const send = (event: string, extra: object = {}) => process.send!({ event, ...counts(), ...extra });

  process.on('message', async (msg: { cmd: string; [k: string]: unknown }) => {
    if (msg.cmd === 'connect') {
      from = msg.from as number;
      total = msg.total as number;
      fleet = dongleFleet({
        url: msg.url as string,
        keepaliveSeconds: 60,
        will: true,
        localAddresses: [msg.localAddress as string],
        onAck: (ms, telemetry) => {
          if (!telemetry) return;
          telemetryAcked++;
          ackMs.push(ms);
        },
      });
      const count = msg.count as number;
      dongles = await fleet.connectAll(
        Array.from({ length: count }, (_, i) => {
          const sn = benchSerial('D', from + i + 1);
          return { sn, password: benchSecret(sn) };
        }),
      );
      send('connected');
    } else if (msg.cmd === 'run') {
      const { t0, minuteMs, eventShare } = msg as unknown as {
        t0: number;
        minuteMs: number;
        eventShare: number;
      };
      const n = dongles.length;
      seqs = new Uint32Array(n);
      // Dongle g (1-based, of the whole fleet) has its slot at (g − 1) / total of the minute.
      const slotOf = (i: number) => ((from + i) / total) * minuteMs;
      const eventEvery = Math.max(1, Math.round(1 / eventShare));
      const cursors = { telemetry: 0, event: 0 };
      /** Fires every slot of this kind that is due; a slot of a dongle away passes unused. */
      const fire = (kind: 'telemetry' | 'event', now: number) => {
        const offset = kind === 'telemetry' ? 0 : minuteMs / 2;
        for (;;) {
          const minute = Math.floor(cursors[kind] / n);
          const i = cursors[kind] % n;
          if (t0 + minute * minuteMs + slotOf(i) + offset > now) return;
          cursors[kind]++;
          const d = dongles[i]!;
          if (away.has(i) || !d.up) continue;
          const g = from + i + 1;
          const ts = Math.round(now);
          if (kind === 'telemetry') {
            const seq = seqs[i]!++;
            const body = messageOf(tpls[g % tpls.length]!, g, seq, ts, `f${g}-${seq}`);
            d.publish(topics.telemetry(d.sn), JSON.stringify(body));
            telemetryPublished++;
          } else if ((g + minute) % eventEvery === 0) {
            faulty[i] = !faulty[i];
            const event = {
              msgId: `e${g}-${minute}`,
              ts,
              deviceSn: benchSerial('I', g),
              faultCode: FLEET_FAULT,
              state: faulty[i] ? 'raised' : 'cleared',
            };
            d.publish(topics.event(d.sn), JSON.stringify(event));
            eventsPublished++;
          }
        }
      };
      timer = setInterval(() => {
        const now = wallClock();
        fire('telemetry', now);
        fire('event', now);
      }, 20);
      send('running');
    } else if (msg.cmd === 'drop') {
      const every = msg.every as number;
      const leaving = dongles.flatMap((_, i) => ((from + i + 1) % every === 0 ? [i] : []));
      for (const i of leaving) away.add(i);
      // Pulled once nothing of theirs is in flight, so that "published" means "acknowledged".
      const until = Date.now() + 10_000;
      while (leaving.some((i) => dongles[i]!.pending > 0) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      for (const i of leaving) dongles[i]!.drop();
      send('dropped', { count: leaving.length });
    } else if (msg.cmd === 'return') {
      const t = performance.now();
      const returning = [...away];
      await Promise.all(returning.map((i) => dongles[i]!.reconnect()));
      away.clear();
      send('returned', { count: returning.length, ms: performance.now() - t });
    } else if (msg.cmd === 'window') {
      send('window');
    } else if (msg.cmd === 'stop') {
      clearInterval(timer);
      const until = Date.now() + 60_000;
      while (fleet!.stats.acked < fleet!.stats.published && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      send('stopped');
    } else if (msg.cmd === 'close') {
      await fleet?.close();
      process.exit(0);
    }
  });
}

if (process.send && import.meta.url === `file://${process.argv[1]}`) void main();
