import type { BasicDeviceType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { deviceSpecs, manufacturers } from '../schema/index.ts';

/** The maker the demo fleet's simulated devices report; its firmware signing key is made in demo mode. */
export const DEMO_MANUFACTURER = 'PVSTAR Simulated Devices';

/**
 * Well-known makers and a few of their current models, so that the lists are useful from day one. The
 * description is stored in English (the source language) and read in the reader's (`seededDescription`).
 */
const SEED: {
  name: string;
  abbreviation: string;
  desc: Record<Lang, string>;
  specs: [BasicDeviceType, string][];
}[] = [
  {
    // The demo fleet's simulated devices report this maker: firmware programs for them need it here.
    name: DEMO_MANUFACTURER,
    abbreviation: 'PVSTAR',
    desc: {
      'zh-CN': '演示电站群的模拟逆变器、电池和采集器',
      'en-GB': 'Simulated inverters, batteries and dongles of the demo fleet',
      'de-DE': 'Simulierte Wechselrichter, Batterien und Dongles der Demo-Flotte',
      'it-IT': 'Inverter, batterie e dongle simulati della flotta demo',
      'nl-NL': 'Gesimuleerde omvormers, batterijen en dongles van de demovloot',
      'fr-FR': 'Onduleurs, batteries et dongles simulés de la flotte de démonstration',
      'es-ES': 'Inversores, baterías y dongles simulados de la flota de demostración',
      'pl-PL': 'Symulowane falowniki, akumulatory i moduły komunikacyjne floty demonstracyjnej',
    },
    specs: [
      ['INVERTER', 'PV-HYB-8K'],
      ['CELL', 'LFP-10.0'],
    ],
  },
  {
    name: 'Sungrow Power Supply Co., Ltd.',
    abbreviation: 'Sungrow',
    desc: {
      'zh-CN': '逆变器和储能系统，合肥（中国）',
      'en-GB': 'Inverters and storage systems, Hefei (CN)',
      'de-DE': 'Wechselrichter und Speichersysteme, Hefei (CN)',
      'it-IT': 'Inverter e sistemi di accumulo, Hefei (CN)',
      'nl-NL': 'Omvormers en opslagsystemen, Hefei (CN)',
      'fr-FR': 'Onduleurs et systèmes de stockage, Hefei (CN)',
      'es-ES': 'Inversores y sistemas de almacenamiento, Hefei (CN)',
      'pl-PL': 'Falowniki i systemy magazynowania energii, Hefei (CN)',
    },
    specs: [
      ['INVERTER', 'SH10RT'],
      ['INVERTER', 'SG10RT'],
      ['CELL', 'SBR096'],
    ],
  },
  {
    name: 'Huawei Technologies Co., Ltd.',
    abbreviation: 'Huawei',
    desc: {
      'zh-CN': 'SUN2000 逆变器和 LUNA2000 电池，深圳（中国）',
      'en-GB': 'SUN2000 inverters and LUNA2000 batteries, Shenzhen (CN)',
      'de-DE': 'Wechselrichter SUN2000 und Batterien LUNA2000, Shenzhen (CN)',
      'it-IT': 'Inverter SUN2000 e batterie LUNA2000, Shenzhen (CN)',
      'nl-NL': 'SUN2000-omvormers en LUNA2000-batterijen, Shenzhen (CN)',
      'fr-FR': 'Onduleurs SUN2000 et batteries LUNA2000, Shenzhen (CN)',
      'es-ES': 'Inversores SUN2000 y baterías LUNA2000, Shenzhen (CN)',
      'pl-PL': 'Falowniki SUN2000 i akumulatory LUNA2000, Shenzhen (CN)',
    },
    specs: [
      ['INVERTER', 'SUN2000-10KTL-M1'],
      ['CELL', 'LUNA2000-5-S0'],
      ['METERBOX', 'DTSU666-H'],
    ],
  },
  {
    name: 'SMA Solar Technology AG',
    abbreviation: 'SMA',
    desc: {
      'zh-CN': '逆变器，尼斯特塔尔（德国）',
      'en-GB': 'Inverters, Niestetal (DE)',
      'de-DE': 'Wechselrichter, Niestetal (DE)',
      'it-IT': 'Inverter, Niestetal (DE)',
      'nl-NL': 'Omvormers, Niestetal (DE)',
      'fr-FR': 'Onduleurs, Niestetal (DE)',
      'es-ES': 'Inversores, Niestetal (DE)',
      'pl-PL': 'Falowniki, Niestetal (DE)',
    },
    specs: [
      ['INVERTER', 'Sunny Tripower 10.0'],
      ['INVERTER', 'Sunny Boy 5.0'],
      ['METERBOX', 'Sunny Home Manager 2.0'],
    ],
  },
  {
    name: 'Fronius International GmbH',
    abbreviation: 'Fronius',
    desc: {
      'zh-CN': '逆变器，佩滕巴赫（奥地利）',
      'en-GB': 'Inverters, Pettenbach (AT)',
      'de-DE': 'Wechselrichter, Pettenbach (AT)',
      'it-IT': 'Inverter, Pettenbach (AT)',
      'nl-NL': 'Omvormers, Pettenbach (AT)',
      'fr-FR': 'Onduleurs, Pettenbach (AT)',
      'es-ES': 'Inversores, Pettenbach (AT)',
      'pl-PL': 'Falowniki, Pettenbach (AT)',
    },
    specs: [
      ['INVERTER', 'Symo GEN24 10.0 Plus'],
      ['METERBOX', 'Smart Meter TS 65A-3'],
    ],
  },
  {
    name: 'GoodWe Technologies Co., Ltd.',
    abbreviation: 'GoodWe',
    desc: {
      'zh-CN': '混合逆变器和电池，苏州（中国）',
      'en-GB': 'Hybrid inverters and batteries, Suzhou (CN)',
      'de-DE': 'Hybrid-Wechselrichter und Batterien, Suzhou (CN)',
      'it-IT': 'Inverter ibridi e batterie, Suzhou (CN)',
      'nl-NL': 'Hybride omvormers en batterijen, Suzhou (CN)',
      'fr-FR': 'Onduleurs hybrides et batteries, Suzhou (CN)',
      'es-ES': 'Inversores híbridos y baterías, Suzhou (CN)',
      'pl-PL': 'Falowniki hybrydowe i akumulatory, Suzhou (CN)',
    },
    specs: [
      ['INVERTER', 'GW10K-ET'],
      ['CELL', 'Lynx Home F 9.6'],
    ],
  },
  {
    name: 'BYD Company Ltd.',
    abbreviation: 'BYD',
    desc: {
      'zh-CN': '电池储能，深圳（中国）',
      'en-GB': 'Battery storage, Shenzhen (CN)',
      'de-DE': 'Batteriespeicher, Shenzhen (CN)',
      'it-IT': 'Accumulo a batteria, Shenzhen (CN)',
      'nl-NL': 'Batterijopslag, Shenzhen (CN)',
      'fr-FR': 'Stockage par batterie, Shenzhen (CN)',
      'es-ES': 'Almacenamiento en baterías, Shenzhen (CN)',
      'pl-PL': 'Magazyny energii, Shenzhen (CN)',
    },
    specs: [
      ['CELL', 'Battery-Box Premium HVS 10.2'],
      ['CELL', 'Battery-Box Premium HVM 11.0'],
    ],
  },
  {
    name: 'Growatt New Energy Co., Ltd.',
    abbreviation: 'Growatt',
    desc: {
      'zh-CN': '逆变器和储能，深圳（中国）',
      'en-GB': 'Inverters and storage, Shenzhen (CN)',
      'de-DE': 'Wechselrichter und Speicher, Shenzhen (CN)',
      'it-IT': 'Inverter e accumulo, Shenzhen (CN)',
      'nl-NL': 'Omvormers en opslag, Shenzhen (CN)',
      'fr-FR': 'Onduleurs et stockage, Shenzhen (CN)',
      'es-ES': 'Inversores y almacenamiento, Shenzhen (CN)',
      'pl-PL': 'Falowniki i magazyny energii, Shenzhen (CN)',
    },
    specs: [
      ['INVERTER', 'MIN 6000TL-XH'],
      ['INVERTER', 'MOD 10KTL3-XH'],
      ['CELL', 'ARK 10.2H-A1'],
    ],
  },
  {
    name: 'SolarEdge Technologies Inc.',
    abbreviation: 'SolarEdge',
    desc: {
      'zh-CN': '逆变器和功率优化器，赫兹利亚（以色列）',
      'en-GB': 'Inverters and power optimisers, Herzliya (IL)',
      'de-DE': 'Wechselrichter und Leistungsoptimierer, Herzlia (IL)',
      'it-IT': 'Inverter e ottimizzatori di potenza, Herzliya (IL)',
      'nl-NL': 'Omvormers en vermogensoptimalisatoren, Herzliya (IL)',
      'fr-FR': 'Onduleurs et optimiseurs de puissance, Herzliya (IL)',
      'es-ES': 'Inversores y optimizadores de potencia, Herzliya (IL)',
      'pl-PL': 'Falowniki i optymalizatory mocy, Herzliya (IL)',
    },
    specs: [
      ['INVERTER', 'SE10K-RWS'],
      ['COMPONENT', 'S440 Power Optimizer'],
    ],
  },
];

const SEEDED_DESCRIPTIONS = new Map(SEED.map((m) => [m.desc['en-GB'], m.desc]));

/**
 * A manufacturer's description in the reader's language while it is the seed's own text (as stored, in
 * English); what a user wrote instead stays as written, in every language.
 */
export const seededDescription = (stored: string | null, lang: Lang): string | null =>
  (stored && SEEDED_DESCRIPTIONS.get(stored)?.[lang]) ?? stored;

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
      .values({ name: m.name, abbreviation: m.abbreviation, description: m.desc['en-GB'] })
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
