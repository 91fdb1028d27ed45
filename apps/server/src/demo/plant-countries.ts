import type { StationType } from '@pvstar/contract/enums';
import type { PlantSpec } from './plant-generator.ts';
import { AT_TOWNS, DE_TOWNS, NL_TOWNS, type Town, town } from './towns.ts';

/** The demo fleet's countries: their towns, streets, names, plant labels, phone numbers and tariffs. */

export interface Country {
  code: PlantSpec['countryCode'];
  timezone: string;
  towns: Town[];
  /** Where the first plants of a fleet sit (see HOME_AREA_PLANTS). */
  home: Town[];
  streets: string[];
  first: string[];
  last: string[];
  labels: Record<StationType | 'FARM', string>;
  mobile: (r: () => number) => string;
  /** EUR per kWh: [feed-in from, to], [purchase from, to] (2024–25 levels). */
  feedIn: [number, number];
  purchase: [number, number];
  mailDomain: string;
}

const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');

const DE_LABELS = {
  ENERGY_STORAGE: 'Speicher',
  PHOTOVOLTAIC: 'PV-Anlage',
  BALCONY_PHOTOVOLTAICS: 'Balkonkraftwerk',
  FARM: 'Hof',
} as const;

export const COUNTRIES: Record<PlantSpec['countryCode'], Country> = {
  DE: {
    code: 'DE',
    timezone: 'Europe/Berlin',
    towns: DE_TOWNS,
    home: [town(DE_TOWNS, 'München'), town(DE_TOWNS, 'Kiel')],
    streets: [
      'Lindenstraße',
      'Hauptstraße',
      'Gartenweg',
      'Bahnhofstraße',
      'Schulstraße',
      'Bergstraße',
      'Birkenweg',
      'Ahornweg',
      'Mühlenweg',
      'Sonnenstraße',
      'Am Sonnenhang',
      'Wiesenweg',
    ],
    first: [
      'Thomas',
      'Julia',
      'Michael',
      'Sabine',
      'Stefan',
      'Katrin',
      'Andreas',
      'Claudia',
      'Markus',
      'Laura',
    ],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Meyer',
      'Wagner',
      'Becker',
      'Schulz',
      'Hoffmann',
      'Koch',
      'Richter',
      'Klein',
      'Wolf',
      'Neumann',
      'Zimmermann',
      'Krüger',
    ],
    labels: DE_LABELS,
    mobile: (r) => `+4915${1 + Math.floor(r() * 9)}${digits(r, 8)}`,
    feedIn: [0.0786, 0.0811],
    purchase: [0.31, 0.39],
    mailDomain: 'example.de',
  },
  AT: {
    code: 'AT',
    timezone: 'Europe/Vienna',
    towns: AT_TOWNS,
    home: [town(AT_TOWNS, 'Graz')],
    streets: [
      'Hauptplatz',
      'Kirchengasse',
      'Feldgasse',
      'Wiener Straße',
      'Schulgasse',
      'Lindengasse',
      'Am Anger',
    ],
    first: ['Lukas', 'Maria', 'Florian', 'Elisabeth', 'Johannes', 'Katharina', 'David', 'Theresa'],
    last: ['Gruber', 'Huber', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger', 'Fuchs'],
    labels: DE_LABELS,
    mobile: (r) => `+43664${digits(r, 7)}`,
    feedIn: [0.06, 0.1],
    purchase: [0.24, 0.32],
    mailDomain: 'example.at',
  },
  NL: {
    code: 'NL',
    timezone: 'Europe/Amsterdam',
    towns: NL_TOWNS,
    home: [town(NL_TOWNS, 'Utrecht')],
    streets: [
      'Dorpsstraat',
      'Kerkstraat',
      'Molenweg',
      'Schoolstraat',
      'Beukenlaan',
      'Julianastraat',
      'Zonnebloemstraat',
    ],
    first: ['Sanne', 'Daan', 'Lotte', 'Bram', 'Eva', 'Sem', 'Fleur', 'Thijs', 'Anouk', 'Ruben'],
    last: [
      'de Jong',
      'Jansen',
      'de Vries',
      'van den Berg',
      'van Dijk',
      'Bakker',
      'Visser',
      'Smit',
      'Meijer',
      'de Boer',
    ],
    labels: {
      ENERGY_STORAGE: 'Thuisbatterij',
      PHOTOVOLTAIC: 'Zonnepanelen',
      BALCONY_PHOTOVOLTAICS: 'Balkonpanelen',
      FARM: 'Boerderij',
    },
    mobile: (r) => `+316${digits(r, 8)}`,
    feedIn: [0.05, 0.1],
    purchase: [0.26, 0.34],
    mailDomain: 'example.nl',
  },
};
