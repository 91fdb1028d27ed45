import { FIRMWARE_TARGET } from '@pvstar/contract/firmware';
import { type CommandPayload, CommandPayloadSchema, type CommandResultPayload } from '@pvstar/contract/mqtt';
import { gridCodeValues } from '@pvstar/contract/remote';
import {
  checkManifest,
  type DeviceIdentity,
  downloadFirmware,
  type FirmwareBody,
  parseFirmwareBody,
  type TrustedKey,
} from './firmware.ts';

export type ParamValue = number | string | boolean;
export type ParamSet = Record<string, ParamValue>;

/**
 * What an inverter ships with: the VDE-AR-N 4105 protection defaults of the contract's grid-code table,
 * running, unity power factor, no power or export limit.
 */
export const DEFAULT_PARAMS: Readonly<ParamSet> = {
  ...(gridCodeValues('VDE_AR_N_4105') as ParamSet),
  remoteOnOff: true,
  powerFactorMode: 'FIXED_PF',
  powerFactor: 1,
  powerFactorDirection: 'OVER_EXCITED',
  reactivePowerPercent: 0,
  activePowerLimit: 100,
  exportLimitEnabled: false,
  exportLimit: 0,
};

export interface CommandHost {
  /** Serial numbers a command may address: the dongle's own and its devices'. */
  targets: readonly string[];
  /** Where a command without `deviceSn` goes: the first inverter. */
  defaultTarget: string;
  params(deviceSn: string): ParamSet;
  /** What a target is (kind, manufacturer, model): what a firmware manifest must fit. */
  identity(deviceSn: string): DeviceIdentity;
  /** The version a target runs, by the key the cloud keeps it under (`inverter`, `dsp`, `dongle`, `bms`). */
  version(deviceSn: string, versionKey: string): string | undefined;
  setVersion(deviceSn: string, versionKey: string, version: string): void;
  reply(result: CommandResultPayload): void;
  now(): number;
  random(): number;
  firmwareFailRate: number;
  /** The manufacturer keys whose signatures the dongle accepts on firmware. */
  firmwareKeys: readonly TrustedKey[];
  /** How long applying parameters or flashing takes, ms. */
  applyDelayMs: readonly [number, number];
  flashDelayMs: readonly [number, number];
  log(msg: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (host: CommandHost, [lo, hi]: readonly [number, number]) => lo + (hi - lo) * host.random();

function isParamSet(v: unknown): v is ParamSet {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return (
    entries.length > 0 &&
    entries.length <= 200 &&
    entries.every(
      ([k, x]) =>
        k.length > 0 &&
        k.length <= 64 &&
        ((typeof x === 'number' && Number.isFinite(x)) ||
          (typeof x === 'string' && x.length <= 200) ||
          typeof x === 'boolean'),
    )
  );
}

/**
 * Answers the cloud's commands on `up/cmd-result`. A command is executed once: a QoS 1 redelivery of
 * a finished one gets its final answer again, one still running is ignored. An expired command is
 * refused and never applied.
 */
export function createCommandHandler(host: CommandHost): (payload: Buffer) => void {
  const seen = new Map<string, CommandResultPayload | 'running'>();
  let upgrading = false;

  const finish = (result: CommandResultPayload) => {
    seen.set(result.cmdId, result);
    if (seen.size > 200) seen.delete(seen.keys().next().value as string);
    host.reply(result);
  };

  async function run(cmd: CommandPayload, target: string): Promise<void> {
    const { cmdId } = cmd;
    if (cmd.type === 'params.read') {
      const keys = cmd.body.keys;
      const all = host.params(target);
      const values = Array.isArray(keys)
        ? Object.fromEntries(keys.filter((k) => typeof k === 'string' && k in all).map((k) => [k, all[k]]))
        : { ...all };
      return finish({ cmdId, status: 'succeeded', result: { values } });
    }
    if (cmd.type === 'params.write') {
      const values = cmd.body.values;
      if (!isParamSet(values)) return finish({ cmdId, status: 'failed', error: 'invalid values' });
      host.reply({ cmdId, status: 'accepted' });
      await sleep(between(host, host.applyDelayMs));
      // Checked again at the moment of applying: a late setting must not reach the grid protection.
      if (host.now() > cmd.expiresAt) return finish({ cmdId, status: 'failed', error: 'expired' });
      Object.assign(host.params(target), values);
      return finish({ cmdId, status: 'succeeded', result: { values: { ...host.params(target) } } });
    }
    const fw = parseFirmwareBody(cmd.body);
    if (typeof fw === 'string') return finish({ cmdId, status: 'failed', error: fw });
    // One image at a time: the dongle has a single download buffer.
    if (upgrading) return finish({ cmdId, status: 'failed', error: 'busy' });
    upgrading = true;
    try {
      return await upgrade(cmdId, fw, target);
    } finally {
      upgrading = false;
    }
  }

  async function upgrade(cmdId: string, fw: FirmwareBody, target: string): Promise<void> {
    const { versionKey } = FIRMWARE_TARGET[fw.manifest.firmwareType];
    // Nothing is fetched for an image that is not for this device, or that would take it back unasked.
    const refused = checkManifest(
      fw,
      host.firmwareKeys,
      host.identity(target),
      host.version(target, versionKey),
    );
    if (refused) return finish({ cmdId, status: 'failed', error: refused });
    host.reply({ cmdId, status: 'accepted' });
    host.reply({ cmdId, status: 'progress', progress: 0 });
    let last = 0;
    const download = await downloadFirmware(
      fw,
      (percent) => {
        // Every tenth percent is plenty for a progress bar and spares the broker.
        if (percent >= last + 10 || (percent === 100 && last !== 100)) {
          last = percent;
          host.reply({ cmdId, status: 'progress', progress: percent });
        }
      },
      AbortSignal.timeout(10 * 60_000),
    );
    if (!download.ok) return finish({ cmdId, status: 'failed', error: download.error });
    await sleep(between(host, host.flashDelayMs));
    if (host.random() < host.firmwareFailRate)
      return finish({ cmdId, status: 'failed', error: 'flash verification failed' });
    host.setVersion(target, versionKey, fw.manifest.version);
    return finish({ cmdId, status: 'succeeded', result: { version: fw.manifest.version } });
  }

  return (payload) => {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return host.log('command is not JSON; ignored');
    }
    const parsed = CommandPayloadSchema.safeParse(raw);
    if (!parsed.success) {
      const cmdId = (raw as { cmdId?: unknown } | null)?.cmdId;
      if (typeof cmdId === 'string' && cmdId.length > 0 && cmdId.length <= 64)
        host.reply({ cmdId, status: 'failed', error: 'invalid command' });
      return;
    }
    const cmd = parsed.data;
    const previous = seen.get(cmd.cmdId);
    if (previous === 'running') return;
    if (previous) return host.reply(previous);
    if (host.now() > cmd.expiresAt) return finish({ cmdId: cmd.cmdId, status: 'failed', error: 'expired' });
    const target = typeof cmd.body.deviceSn === 'string' ? cmd.body.deviceSn : host.defaultTarget;
    if (!host.targets.includes(target))
      return finish({ cmdId: cmd.cmdId, status: 'failed', error: 'unknown device' });
    seen.set(cmd.cmdId, 'running');
    run(cmd, target).catch((err: Error) =>
      finish({ cmdId: cmd.cmdId, status: 'failed', error: err.message }),
    );
  };
}
