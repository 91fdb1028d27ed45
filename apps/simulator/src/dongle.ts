import { randomUUID } from 'node:crypto';
import { addDays, localMidnight, localTime } from '@pvstar/contract/calendar';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { type CommandResultPayload, type EventPayload, topics } from '@pvstar/contract/mqtt';
import mqtt, { type MqttClient } from 'mqtt';
import { createCommandHandler, DEFAULT_PARAMS, type ParamSet } from './commands.ts';
import { trustedKeys } from './firmware.ts';
import { type DeviceDef, type PlantDef, PlantModel, type Totals } from './model/plant.ts';
import { hash, mulberry32, seedOf } from './model/rng.ts';
import { telemetryPayload } from './model/telemetry.ts';

/** One data collector as the fleet file describes it. */
export interface DongleDef {
  sn: string;
  /** MQTT password, issued by the server when the plant is registered. */
  secret: string;
  plant: PlantDef;
  devices: DeviceDef[];
  /** Model seed; `seedOf(sn)` when absent. Backfill with the same seed to join up with live data. */
  seed?: number;
  /** Starting parameter set of its inverters (DEFAULT_PARAMS when absent). */
  params?: ParamSet;
  /**
   * Firmware versions by serial number (the dongle's own and its devices'), then the key the cloud keeps
   * them under: `inverter`, `dsp`, `bms`, `dongle` (FIRMWARE_TARGET).
   */
  versions?: Record<string, Record<string, string>>;
  /** The dongle's own maker and model, as dongle firmware manifests name them (defaults below). */
  manufacturer?: string;
  model?: string;
}

/** The model a simulated dongle reports unless its definition says otherwise. */
export const SIMULATED_DONGLE_MODEL = 'PVSTAR-SIM-DONGLE';

/** Fault codes a device of each kind raises now and then. */
export const FAULT_CODES: Partial<Record<DeviceKind, readonly string[]>> = {
  INVERTER: ['INV-GRID-OV', 'INV-ISO'],
  BATTERY: ['BAT-BMS-COMM'],
  METER: ['MTR-COMM'],
};

export interface SimLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface FleetStats {
  published: number;
  acked: number;
  errors: number;
  events: number;
  commands: number;
}

export const newStats = (): FleetStats => ({ published: 0, acked: 0, errors: 0, events: 0, commands: 0 });

export interface DongleOptions {
  brokerUrl: string;
  /** Seconds between telemetry messages. */
  interval: number;
  /** Probability per interval of raising a fault. */
  faultRate?: number;
  /** Probability per interval of dropping off the network. */
  offlineRate?: number;
  /** How long a fault stays raised, seconds [min, max]. */
  faultSeconds?: readonly [number, number];
  /** How long an outage lasts, seconds [min, max]. */
  offlineSeconds?: readonly [number, number];
  /** Share of outages that are a pulled plug (the broker sends the will) rather than a clean restart. */
  dropShare?: number;
  /** Chance that flashing a correctly downloaded image fails. */
  firmwareFailRate?: number;
  /**
   * The manufacturer's Ed25519 public keys (PEM or raw base64) firmware must be signed with; none: every
   * image is refused, as a device without keys would.
   */
  firmwareKeys?: readonly string[];
  applyDelayMs?: readonly [number, number];
  flashDelayMs?: readonly [number, number];
  /** Delay before the MQTT client retries a lost connection, ms (jittered per dongle). */
  reconnectPeriod?: number;
  stats?: FleetStats;
  log?: SimLog;
  /** Where to resume the lifetime counters and battery charge from (a previous run's `snapshot()`). */
  resume?: DongleSnapshot;
}

export interface DongleSnapshot {
  /** When it was taken, ms. */
  at: number;
  totals: Totals;
  soc: number;
}

const quietLog: SimLog = { info: () => {}, warn: () => {} };

/**
 * A virtual data collector: models its plant, publishes one telemetry message per interval holding all
 * its devices, answers commands, raises faults and drops off the network now and then.
 */
export class Dongle {
  readonly sn: string;
  readonly model: PlantModel;
  private client: MqttClient | null = null;
  private nextDue = Number.POSITIVE_INFINITY;
  private offlineUntil: number | null = null;
  /** Raised faults by device: code → when it clears. */
  readonly faults = new Map<string, Map<string, number>>();
  private readonly paramSets = new Map<string, ParamSet>();
  readonly versions = new Map<string, Record<string, string>>();
  private readonly random: () => number;
  readonly stats: FleetStats;
  private readonly log: SimLog;
  private readonly onCommand: (payload: Buffer) => void;
  private lastError = '';
  private stopped = false;

  constructor(
    readonly def: DongleDef,
    readonly opts: DongleOptions,
    now = Date.now(),
  ) {
    this.sn = def.sn;
    this.stats = opts.stats ?? newStats();
    this.log = opts.log ?? quietLog;
    this.random = mulberry32(hash(def.sn, now));
    // Start yesterday at midnight so today's daily counters, and the battery, are where they would be.
    const start = localMidnight(addDays(localTime(now, def.plant.timezone).date, -1), def.plant.timezone);
    this.model = new PlantModel(def.plant, def.devices, def.seed ?? seedOf(def.sn), start);
    const resume = opts.resume;
    if (resume) {
      // The plant kept producing while the simulator was down: count that gap (as far as the warm-up
      // reaches) on top of the saved totals.
      this.model.advanceTo(Math.min(now, Math.max(start, resume.at)));
      if (resume.at >= start && this.model.system.battery) this.model.soc = resume.soc;
      const base = this.model.totals();
      this.model.advanceTo(now);
      this.model.resumeTotals(resume.totals, base);
    }
    this.model.advanceTo(now);
    for (const d of def.devices)
      this.paramSets.set(d.sn, d.kind === 'INVERTER' ? { ...(def.params ?? DEFAULT_PARAMS) } : {});
    this.paramSets.set(def.sn, {});
    for (const [sn, v] of Object.entries(def.versions ?? {})) this.versions.set(sn, { ...v });
    const targets = [def.sn, ...def.devices.map((d) => d.sn)];
    this.onCommand = createCommandHandler({
      targets,
      defaultTarget: def.devices.find((d) => d.kind === 'INVERTER')?.sn ?? def.sn,
      params: (sn) => this.paramSets.get(sn) ?? {},
      identity: (sn) => {
        if (sn === def.sn)
          return {
            kind: 'DONGLE',
            // A collector comes from the maker of what it collects from, unless it says otherwise.
            manufacturer: def.manufacturer ?? def.devices.find((d) => d.manufacturer)?.manufacturer,
            model: def.model ?? SIMULATED_DONGLE_MODEL,
          };
        const d = def.devices.find((x) => x.sn === sn);
        return { kind: d?.kind ?? 'METER', manufacturer: d?.manufacturer, model: d?.model };
      },
      version: (sn, key) => this.versions.get(sn)?.[key],
      setVersion: (sn, key, version) => this.versions.set(sn, { ...this.versions.get(sn), [key]: version }),
      reply: (result) => this.reply(result),
      now: () => Date.now(),
      random: this.random,
      firmwareFailRate: opts.firmwareFailRate ?? 0.05,
      firmwareKeys: trustedKeys(opts.firmwareKeys ?? []),
      applyDelayMs: opts.applyDelayMs ?? [200, 800],
      flashDelayMs: opts.flashDelayMs ?? [1000, 3000],
      log: (msg) => this.log.warn(`${this.sn}: ${msg}`),
    });
  }

  get connected(): boolean {
    return !!this.client?.connected;
  }

  get offline(): boolean {
    return this.offlineUntil !== null;
  }

  params(deviceSn: string): ParamSet {
    return { ...this.paramSets.get(deviceSn) };
  }

  /** Connects and schedules the first telemetry message at `firstDue`. */
  start(firstDue = Date.now()): void {
    this.stopped = false;
    this.nextDue = firstDue;
    this.connect();
  }

  /** Called by the fleet's shared timer; does what is due at `now`. */
  tick(now = Date.now()): void {
    if (this.stopped) return;
    if (this.offlineUntil !== null && now >= this.offlineUntil) {
      this.offlineUntil = null;
      this.log.info(`${this.sn}: back online`);
      this.connect();
    }
    this.clearFaults(now);
    if (now < this.nextDue) return;
    const step = this.opts.interval * 1000;
    this.nextDue += step;
    // After a stall (a sleeping laptop) skip what was missed rather than bursting.
    if (this.nextDue <= now) this.nextDue = now + step;
    this.model.advanceTo(now);
    if (this.connected) {
      this.publishTelemetry(now);
      if (this.random() < (this.opts.faultRate ?? 0)) this.raiseRandomFault(now);
      if (this.random() < (this.opts.offlineRate ?? 0)) this.goOffline(now);
    }
  }

  /** Leaves cleanly: retained 'offline', then DISCONNECT (so the broker does not send the will too). */
  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (client.connected) {
      await Promise.race([
        client.publishAsync(topics.status(this.sn), 'offline', { qos: 1, retain: true }).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]);
      await client.endAsync().catch(() => {});
    } else {
      await client.endAsync(true).catch(() => {});
    }
  }

  snapshot(): DongleSnapshot {
    return { at: this.model.t, totals: this.model.totals(), soc: this.model.soc };
  }

  private connect(): void {
    const { sn } = this;
    const base = this.opts.reconnectPeriod ?? 5000;
    const client = mqtt.connect(this.opts.brokerUrl, {
      clientId: sn,
      username: sn,
      password: this.def.secret,
      // The broker keeps the session, so commands sent while the dongle was away still arrive.
      clean: false,
      keepalive: 60,
      // The embedded broker speaks MQTT 3.1.1 only.
      protocolVersion: 4,
      connectTimeout: 30_000,
      // Jitter keeps a fleet from reconnecting in lock-step after the broker restarts.
      reconnectPeriod: Math.round(base * (0.75 + 0.5 * this.random())),
      will: { topic: topics.status(sn), payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => {
      this.lastError = '';
      client.publish(topics.status(sn), 'online', { qos: 1, retain: true });
      client.subscribe(topics.cmd(sn), { qos: 1 }, (err) => {
        if (err) this.error(`subscribe failed: ${err.message}`);
      });
    });
    client.on('message', (topic, payload) => {
      if (topic !== topics.cmd(sn)) return;
      this.stats.commands++;
      this.onCommand(payload);
    });
    client.on('error', (err) => this.error(err.message));
  }

  private error(message: string): void {
    this.stats.errors++;
    // A refused login repeats on every retry; say it once.
    if (message !== this.lastError) this.log.warn(`${this.sn}: ${message}`);
    this.lastError = message;
  }

  private publishTelemetry(now: number): void {
    const faults = new Map([...this.faults].map(([sn, codes]) => [sn, new Set(codes.keys())]));
    const payload = telemetryPayload(randomUUID(), {
      plant: this.def.plant,
      system: this.model.system,
      devices: this.def.devices,
      sample: { ...this.model.last, ts: now },
      counters: this.model.counters,
      faults,
    });
    if (payload.devices.length === 0) return;
    this.stats.published++;
    this.client?.publish(topics.telemetry(this.sn), JSON.stringify(payload), { qos: 1 }, (err) => {
      if (err) this.error(`telemetry not delivered: ${err.message}`);
      else this.stats.acked++;
    });
  }

  private publishEvent(deviceSn: string, faultCode: string, state: EventPayload['state'], ts: number): void {
    const event: EventPayload = { msgId: randomUUID(), ts, deviceSn, faultCode, state };
    this.stats.events++;
    this.client?.publish(topics.event(this.sn), JSON.stringify(event), { qos: 1 }, (err) => {
      if (err) this.error(`event not delivered: ${err.message}`);
    });
  }

  /**
   * Raises a given fault of one of its devices (or of the dongle itself) now; it stays until
   * clearFault. Raising one already raised sends the event again, as a device repeating itself does.
   */
  raiseFault(deviceSn: string, code: string, now = Date.now()): void {
    if (deviceSn !== this.sn && !this.def.devices.some((d) => d.sn === deviceSn))
      throw new Error(`${deviceSn} is not a device of dongle ${this.sn}`);
    const codes = this.faults.get(deviceSn) ?? new Map<string, number>();
    codes.set(code, Number.POSITIVE_INFINITY);
    this.faults.set(deviceSn, codes);
    this.publishEvent(deviceSn, code, 'raised', now);
  }

  /** Clears a fault raised with raiseFault (or a random one) now. */
  clearFault(deviceSn: string, code: string, now = Date.now()): void {
    const codes = this.faults.get(deviceSn);
    if (!codes?.delete(code)) return;
    if (codes.size === 0) this.faults.delete(deviceSn);
    this.publishEvent(deviceSn, code, 'cleared', now);
  }

  private raiseRandomFault(now: number): void {
    const candidates = this.def.devices.flatMap((d) =>
      (FAULT_CODES[d.kind] ?? [])
        .filter((code) => !this.faults.get(d.sn)?.has(code))
        .map((code) => ({ d, code })),
    );
    const pick = candidates[Math.floor(this.random() * candidates.length)];
    if (!pick) return;
    const [lo, hi] = this.opts.faultSeconds ?? [120, 1800];
    const codes = this.faults.get(pick.d.sn) ?? new Map<string, number>();
    codes.set(pick.code, now + (lo + (hi - lo) * this.random()) * 1000);
    this.faults.set(pick.d.sn, codes);
    this.publishEvent(pick.d.sn, pick.code, 'raised', now);
  }

  /** Clears what is due; while offline the clearing waits, so the cloud sees every 'cleared'. */
  private clearFaults(now: number): void {
    if (!this.connected) return;
    for (const [deviceSn, codes] of this.faults) {
      for (const [code, clearAt] of codes) {
        if (now < clearAt) continue;
        codes.delete(code);
        this.publishEvent(deviceSn, code, 'cleared', now);
      }
      if (codes.size === 0) this.faults.delete(deviceSn);
    }
  }

  /**
   * An outage is either a pulled plug (the socket just dies, the broker publishes the will; what was
   * still in flight is lost, as on a real device) or a clean restart (retained 'offline', DISCONNECT).
   */
  private goOffline(now: number): void {
    const client = this.client;
    if (!client) return;
    const [lo, hi] = this.opts.offlineSeconds ?? [120, 900];
    this.offlineUntil = now + (lo + (hi - lo) * this.random()) * 1000;
    this.client = null;
    if (this.random() < (this.opts.dropShare ?? 0.5)) {
      this.log.info(`${this.sn}: connection lost`);
      client.end(true);
    } else {
      this.log.info(`${this.sn}: going offline`);
      client.publish(topics.status(this.sn), 'offline', { qos: 1, retain: true }, () => client.end());
    }
  }

  private reply(result: CommandResultPayload): void {
    this.client?.publish(topics.cmdResult(this.sn), JSON.stringify(result), { qos: 1 }, (err) => {
      if (err) this.error(`command result not delivered: ${err.message}`);
    });
  }
}
