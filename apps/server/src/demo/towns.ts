/** A town demo plants are placed around (within about 10 km of it); region codes as in db/seed/regions.ts. */
export interface Town {
  name: string;
  postcode: string;
  region: string;
  lat: number;
  lon: number;
}

export const DE_TOWNS: Town[] = [
  { name: 'Augsburg', postcode: '86150', region: 'DE-BY', lat: 48.37, lon: 10.9 },
  { name: 'München', postcode: '80331', region: 'DE-BY', lat: 48.14, lon: 11.58 },
  { name: 'Regensburg', postcode: '93047', region: 'DE-BY', lat: 49.02, lon: 12.1 },
  { name: 'Rosenheim', postcode: '83022', region: 'DE-BY', lat: 47.86, lon: 12.12 },
  { name: 'Landshut', postcode: '84028', region: 'DE-BY', lat: 48.54, lon: 12.15 },
  { name: 'Nürnberg', postcode: '90403', region: 'DE-BY', lat: 49.45, lon: 11.08 },
  { name: 'Freiburg im Breisgau', postcode: '79098', region: 'DE-BW', lat: 47.99, lon: 7.85 },
  { name: 'Stuttgart', postcode: '70173', region: 'DE-BW', lat: 48.78, lon: 9.18 },
  { name: 'Ulm', postcode: '89073', region: 'DE-BW', lat: 48.4, lon: 9.99 },
  { name: 'Kassel', postcode: '34117', region: 'DE-HE', lat: 51.31, lon: 9.48 },
  { name: 'Frankfurt am Main', postcode: '60311', region: 'DE-HE', lat: 50.11, lon: 8.68 },
  { name: 'Münster', postcode: '48143', region: 'DE-NW', lat: 51.96, lon: 7.63 },
  { name: 'Köln', postcode: '50667', region: 'DE-NW', lat: 50.94, lon: 6.96 },
  { name: 'Hannover', postcode: '30159', region: 'DE-NI', lat: 52.37, lon: 9.74 },
  { name: 'Oldenburg', postcode: '26122', region: 'DE-NI', lat: 53.14, lon: 8.21 },
  { name: 'Leipzig', postcode: '04109', region: 'DE-SN', lat: 51.34, lon: 12.37 },
  { name: 'Dresden', postcode: '01067', region: 'DE-SN', lat: 51.05, lon: 13.74 },
  { name: 'Erfurt', postcode: '99084', region: 'DE-TH', lat: 50.98, lon: 11.03 },
  { name: 'Potsdam', postcode: '14467', region: 'DE-BB', lat: 52.4, lon: 13.06 },
  { name: 'Kiel', postcode: '24103', region: 'DE-SH', lat: 54.32, lon: 10.14 },
];
export const AT_TOWNS: Town[] = [
  { name: 'Wien', postcode: '1190', region: 'AT-9', lat: 48.25, lon: 16.33 },
  { name: 'Graz', postcode: '8010', region: 'AT-6', lat: 47.07, lon: 15.44 },
  { name: 'Linz', postcode: '4020', region: 'AT-4', lat: 48.31, lon: 14.29 },
  { name: 'Salzburg', postcode: '5020', region: 'AT-5', lat: 47.81, lon: 13.04 },
  { name: 'Innsbruck', postcode: '6020', region: 'AT-7', lat: 47.27, lon: 11.4 },
  { name: 'St. Pölten', postcode: '3100', region: 'AT-3', lat: 48.2, lon: 15.62 },
  { name: 'Klagenfurt', postcode: '9020', region: 'AT-2', lat: 46.62, lon: 14.31 },
];
export const NL_TOWNS: Town[] = [
  { name: 'Utrecht', postcode: '3511', region: 'NL-UT', lat: 52.09, lon: 5.12 },
  { name: 'Eindhoven', postcode: '5611', region: 'NL-NB', lat: 51.44, lon: 5.47 },
  { name: 'Groningen', postcode: '9711', region: 'NL-GR', lat: 53.22, lon: 6.57 },
  { name: 'Haarlem', postcode: '2011', region: 'NL-NH', lat: 52.38, lon: 4.64 },
  { name: 'Zwolle', postcode: '8011', region: 'NL-OV', lat: 52.52, lon: 6.09 },
  { name: 'Arnhem', postcode: '6811', region: 'NL-GE', lat: 51.98, lon: 5.91 },
  { name: 'Leiden', postcode: '2311', region: 'NL-ZH', lat: 52.16, lon: 4.49 },
  { name: 'Maastricht', postcode: '6211', region: 'NL-LI', lat: 50.85, lon: 5.69 },
];

/**
 * How many plants of a fleet (numbers 1 … this) sit around their country's home towns: all of the default
 * demo's 20, so each has at least 3 neighbours within 50 km.
 */
export const HOME_AREA_PLANTS = 40;

export function town(towns: readonly Town[], name: string): Town {
  const found = towns.find((t) => t.name === name);
  if (!found) throw new Error(`no demo town ${name}`);
  return found;
}
