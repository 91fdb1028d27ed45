/**
 * Monthly global horizontal irradiation H(h) at the places the demo fleet and the example fleets use,
 * in kWh/m² per month, January … December.
 *
 * Source: PVGIS 5.2, solar radiation database PVGIS-SARAH2, monthly averages 2005–2020 (European
 * Commission JRC, https://re.jrc.ec.europa.eu/pvg_tools/), rounded to whole kWh/m². The values were
 * written down from that publication without network access, so they are rounded approximations (a few
 * per cent), not a download; they agree with DWD's 1991–2020 climate normals of global radiation for the
 * German stations to about that accuracy (annual sums: Kiel ~1,000, Munich ~1,190, Graz ~1,300 kWh/m²).
 * A plant takes the nearest point (weather.ts); outside this region the nearest point is only a guess.
 */
export interface ClimatePoint {
  name: string;
  lat: number;
  lon: number;
  /** kWh/m², January … December. */
  ghi: readonly [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
}

export const CLIMATE_POINTS: readonly ClimatePoint[] = [
  { name: 'Kiel', lat: 54.32, lon: 10.14, ghi: [15, 30, 66, 118, 160, 165, 162, 133, 88, 48, 19, 11] },
  { name: 'Oldenburg', lat: 53.14, lon: 8.21, ghi: [18, 33, 70, 120, 155, 160, 158, 132, 88, 52, 22, 13] },
  { name: 'Groningen', lat: 53.22, lon: 6.57, ghi: [17, 33, 70, 123, 160, 163, 160, 132, 88, 50, 21, 13] },
  { name: 'Hannover', lat: 52.37, lon: 9.74, ghi: [19, 35, 74, 123, 158, 162, 160, 135, 90, 53, 22, 14] },
  { name: 'Potsdam', lat: 52.4, lon: 13.06, ghi: [20, 37, 77, 126, 163, 165, 165, 139, 92, 54, 23, 15] },
  { name: 'Utrecht', lat: 52.09, lon: 5.12, ghi: [20, 36, 74, 125, 160, 162, 162, 136, 92, 55, 24, 15] },
  { name: 'Eindhoven', lat: 51.44, lon: 5.47, ghi: [22, 39, 78, 127, 158, 162, 163, 138, 95, 58, 26, 17] },
  { name: 'Münster', lat: 51.96, lon: 7.63, ghi: [21, 38, 76, 122, 155, 158, 158, 135, 93, 57, 25, 16] },
  { name: 'Leipzig', lat: 51.34, lon: 12.37, ghi: [22, 40, 80, 126, 160, 163, 163, 140, 95, 58, 25, 16] },
  { name: 'Kassel', lat: 51.31, lon: 9.48, ghi: [21, 38, 77, 122, 155, 160, 160, 137, 93, 56, 24, 16] },
  {
    name: 'Frankfurt am Main',
    lat: 50.11,
    lon: 8.68,
    ghi: [24, 43, 85, 130, 160, 167, 168, 143, 100, 61, 28, 19],
  },
  { name: 'Nürnberg', lat: 49.45, lon: 11.08, ghi: [27, 47, 89, 131, 162, 168, 171, 147, 103, 63, 30, 21] },
  { name: 'Stuttgart', lat: 48.78, lon: 9.18, ghi: [28, 48, 90, 132, 162, 170, 172, 148, 104, 64, 31, 22] },
  {
    name: 'Freiburg im Breisgau',
    lat: 47.99,
    lon: 7.85,
    ghi: [31, 52, 95, 137, 165, 175, 178, 153, 110, 67, 34, 25],
  },
  { name: 'München', lat: 48.14, lon: 11.58, ghi: [32, 52, 93, 132, 158, 167, 172, 148, 108, 68, 35, 26] },
  { name: 'Linz', lat: 48.31, lon: 14.29, ghi: [29, 49, 89, 130, 160, 168, 172, 148, 104, 64, 31, 23] },
  { name: 'Wien', lat: 48.21, lon: 16.37, ghi: [29, 49, 93, 137, 172, 178, 182, 158, 108, 66, 31, 22] },
  { name: 'Innsbruck', lat: 47.27, lon: 11.4, ghi: [35, 55, 97, 133, 157, 162, 168, 145, 108, 70, 37, 28] },
  { name: 'Graz', lat: 47.07, lon: 15.44, ghi: [38, 60, 103, 140, 172, 180, 187, 160, 115, 74, 39, 29] },
  {
    name: 'Klagenfurt',
    lat: 46.62,
    lon: 14.31,
    ghi: [38, 62, 106, 142, 172, 180, 188, 162, 117, 72, 38, 29],
  },
];

/** The climate point nearest to a place (distance on the sphere, small-angle). */
export function nearestClimate(latitude: number, longitude: number): ClimatePoint {
  const cos = Math.cos((latitude * Math.PI) / 180);
  let best = CLIMATE_POINTS[0]!;
  let bestD = Number.POSITIVE_INFINITY;
  for (const p of CLIMATE_POINTS) {
    const d = (p.lat - latitude) ** 2 + ((p.lon - longitude) * cos) ** 2;
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}
