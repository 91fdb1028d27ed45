import { Dongle, type DongleOptions } from '@pvstar/simulator/dongle';
import { devices, dongles, plants } from '../src/db/schema/index.ts';
import { issueDongleSecret } from '../src/modules/device/dongle-credentials.ts';
import { orgIdByName, type TestApp } from './helper.ts';

let counter = 0;

export interface SimulatedPlant {
  plantId: number;
  dongleId: number;
  dongleSn: string;
  inverter: { id: number; sn: string };
  battery: { id: number; sn: string };
  /** The simulated data collector, connected to the broker once `start`ed. */
  dongle: Dongle;
}

/** The models of a simulated plant's devices (what firmware manifests must name). */
export const SIMULATED_MODELS = { inverter: 'ASW8K-LT', battery: 'AB5K' } as const;

/**
 * A registered plant (dongle with a real secret, an inverter and a battery of `manufacturer`) and the
 * simulator's dongle for it: a device that answers commands like the real ones, running the versions the
 * cloud has stored (`versions`) unless `running` says it really runs others.
 */
export async function addSimulatedPlant(
  t: TestApp,
  opts: {
    org: string;
    brokerUrl: string;
    manufacturer?: string;
    versions?: Record<string, string>;
    running?: Record<string, string>;
    model?: string;
    dongle?: Partial<DongleOptions>;
  },
): Promise<SimulatedPlant> {
  counter += 1;
  const tag = `${process.pid.toString(36).toUpperCase()}${Date.now().toString(36).slice(-3).toUpperCase()}${counter}`;
  const db = t.ctx.db;
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: `P-SIM-${tag}`,
      orgId: await orgIdByName(t, opts.org),
      name: `Simulated plant ${tag}`,
      type: 'ENERGY_STORAGE',
      installedCapacity: 8,
      latitude: 52.52,
      longitude: 13.405,
      timezone: 'Europe/Berlin',
    })
    .returning({ id: plants.id });
  const issued = issueDongleSecret();
  const dongleSn = `DGL-SIM-${tag}`;
  const [dongle] = await db
    .insert(dongles)
    .values({ sn: dongleSn, plantId: plant!.id, secretHash: issued.secretHash, version: '1.0.0' })
    .returning({ id: dongles.id });
  const manufacturer = opts.manufacturer ?? 'Solplanet';
  const inverterModel = opts.model ?? SIMULATED_MODELS.inverter;
  const versions = opts.versions ?? { inverter: '1.0.0', dsp: '1.0.0' };
  const running = opts.running ?? versions;
  const made = async (kind: 'INVERTER' | 'BATTERY', sn: string) => {
    const [d] = await db
      .insert(devices)
      .values({
        sn,
        dongleId: dongle!.id,
        plantId: plant!.id,
        kind,
        manufacturer,
        model: kind === 'INVERTER' ? inverterModel : SIMULATED_MODELS.battery,
        ratedPower: kind === 'INVERTER' ? 8000 : null,
        versions,
      })
      .returning({ id: devices.id });
    return { id: d!.id, sn };
  };
  const inverter = await made('INVERTER', `INV-SIM-${tag}`);
  const battery = await made('BATTERY', `BAT-SIM-${tag}`);
  const sim = new Dongle(
    {
      sn: dongleSn,
      secret: issued.secret,
      plant: {
        latitude: 52.52,
        longitude: 13.405,
        tilt: 30,
        azimuth: 0,
        capacityKwp: 8,
        storageKwh: 10,
        type: 'ENERGY_STORAGE',
        timezone: 'Europe/Berlin',
      },
      devices: [
        {
          sn: inverter.sn,
          kind: 'INVERTER',
          inverterType: 'THREE_PHASE',
          manufacturer,
          model: inverterModel,
        },
        { sn: battery.sn, kind: 'BATTERY', manufacturer, model: SIMULATED_MODELS.battery },
      ],
      versions: {
        [inverter.sn]: { ...running },
        [battery.sn]: { ...running },
        [dongleSn]: { dongle: '1.0.0' },
      },
    },
    {
      brokerUrl: opts.brokerUrl,
      interval: 60,
      faultRate: 0,
      offlineRate: 0,
      firmwareFailRate: 0,
      applyDelayMs: [50, 150],
      flashDelayMs: [50, 150],
      ...opts.dongle,
    },
  );
  return { plantId: plant!.id, dongleId: dongle!.id, dongleSn, inverter, battery, dongle: sim };
}
