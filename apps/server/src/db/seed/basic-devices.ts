import type { BasicDeviceType } from '@pvstar/contract/enums';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { deviceSpecs, manufacturers } from '../schema/index.ts';

/** The maker the demo fleet's simulated devices report; its firmware signing key is made in demo mode. */
export const DEMO_MANUFACTURER = 'PVSTAR Simulated Devices';

/** Well-known makers and a few of their current models, so that the lists are useful from day one. */
const SEED: { name: string; abbreviation: string; desc: string; specs: [BasicDeviceType, string][] }[] = [
  {
    // The demo fleet's simulated devices report this maker: firmware programs for them need it here.
    name: DEMO_MANUFACTURER,
    abbreviation: 'PVSTAR',
    desc: 'Simulated inverters, batteries and dongles of the demo fleet',
    specs: [
      ['INVERTER', 'PV-HYB-8K'],
      ['CELL', 'LFP-10.0'],
    ],
  },
  {
    name: 'Sungrow Power Supply Co., Ltd.',
    abbreviation: 'Sungrow',
    desc: 'Inverters and storage systems, Hefei (CN)',
    specs: [
      ['INVERTER', 'SH10RT'],
      ['INVERTER', 'SG10RT'],
      ['CELL', 'SBR096'],
    ],
  },
  {
    name: 'Huawei Technologies Co., Ltd.',
    abbreviation: 'Huawei',
    desc: 'SUN2000 inverters and LUNA2000 batteries, Shenzhen (CN)',
    specs: [
      ['INVERTER', 'SUN2000-10KTL-M1'],
      ['CELL', 'LUNA2000-5-S0'],
      ['METERBOX', 'DTSU666-H'],
    ],
  },
  {
    name: 'SMA Solar Technology AG',
    abbreviation: 'SMA',
    desc: 'Inverters, Niestetal (DE)',
    specs: [
      ['INVERTER', 'Sunny Tripower 10.0'],
      ['INVERTER', 'Sunny Boy 5.0'],
      ['METERBOX', 'Sunny Home Manager 2.0'],
    ],
  },
  {
    name: 'Fronius International GmbH',
    abbreviation: 'Fronius',
    desc: 'Inverters, Pettenbach (AT)',
    specs: [
      ['INVERTER', 'Symo GEN24 10.0 Plus'],
      ['METERBOX', 'Smart Meter TS 65A-3'],
    ],
  },
  {
    name: 'GoodWe Technologies Co., Ltd.',
    abbreviation: 'GoodWe',
    desc: 'Hybrid inverters and batteries, Suzhou (CN)',
    specs: [
      ['INVERTER', 'GW10K-ET'],
      ['CELL', 'Lynx Home F 9.6'],
    ],
  },
  {
    name: 'BYD Company Ltd.',
    abbreviation: 'BYD',
    desc: 'Battery storage, Shenzhen (CN)',
    specs: [
      ['CELL', 'Battery-Box Premium HVS 10.2'],
      ['CELL', 'Battery-Box Premium HVM 11.0'],
    ],
  },
  {
    name: 'Growatt New Energy Co., Ltd.',
    abbreviation: 'Growatt',
    desc: 'Inverters and storage, Shenzhen (CN)',
    specs: [
      ['INVERTER', 'MIN 6000TL-XH'],
      ['INVERTER', 'MOD 10KTL3-XH'],
      ['CELL', 'ARK 10.2H-A1'],
    ],
  },
  {
    name: 'SolarEdge Technologies Inc.',
    abbreviation: 'SolarEdge',
    desc: 'Inverters and power optimisers, Herzliya (IL)',
    specs: [
      ['INVERTER', 'SE10K-RWS'],
      ['COMPONENT', 'S440 Power Optimizer'],
    ],
  },
];

/**
 * Seeds manufacturers and specifications on first start only (an empty table): what users deleted or
 * renamed afterwards is never brought back.
 */
export async function seedBasicDevice(db: Db) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(manufacturers)) as [{ n: number }];
  if (n > 0) return;
  for (const m of SEED) {
    const [row] = await db
      .insert(manufacturers)
      .values({ name: m.name, abbreviation: m.abbreviation, description: m.desc })
      .onConflictDoNothing()
      .returning({ id: manufacturers.id });
    if (!row) continue;
    await db
      .insert(deviceSpecs)
      .values(
        m.specs.map(([deviceType, spec]) => ({ deviceType, deviceSpecs: spec, manufacturerId: row.id })),
      )
      .onConflictDoNothing();
  }
}
