/**
 * Monthly climate at the places the demo fleet and the example fleets use, January … December: global
 * horizontal irradiation H(h) in kWh/m² and the mean air temperature in °C.
 *
 * Irradiation: PVGIS 5.2, solar radiation database PVGIS-SARAH2, monthly averages 2005–2020 (European
 * Commission JRC, https://re.jrc.ec.europa.eu/pvg_tools/), rounded to whole kWh/m². The values were
 * written down from that publication without network access, so they are rounded approximations (a few
 * per cent), not a download; they agree with DWD's 1991–2020 climate normals of global radiation for the
 * German stations to about that accuracy (annual sums: Kiel ~1,000, Munich ~1,190, Graz ~1,300 kWh/m²).
 * Temperature: the 1991–2020 climate normals of the nearest station of DWD, KNMI and GeoSphere Austria,
 * written down the same way (to about half a kelvin). They carry what latitude alone does not: the mild
 * maritime winters of the coast and the Netherlands, the cold inland and Alpine ones, which decide where
 * snow lies on the modules (snow.ts).
 * A plant takes the nearest point (weather.ts); outside this region the nearest point is only a guess.
 */
type Monthly = readonly [
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

export interface ClimatePoint {
  name: string;
  lat: number;
  lon: number;
  /** kWh/m², January … December. */
  ghi: Monthly;
  /** Mean air temperature, °C, January … December. */
  temperature: Monthly;
}

export const CLIMATE_POINTS: readonly ClimatePoint[] = [
  {
    name: 'Kiel',
    lat: 54.32,
    lon: 10.14,
    ghi: [15, 30, 66, 118, 160, 165, 162, 133, 88, 48, 19, 11],
    temperature: [1.5, 1.8, 4.0, 7.9, 12.0, 15.3, 17.6, 17.4, 14.2, 10.0, 5.8, 2.8],
  },
  {
    name: 'Oldenburg',
    lat: 53.14,
    lon: 8.21,
    ghi: [18, 33, 70, 120, 155, 160, 158, 132, 88, 52, 22, 13],
    temperature: [2.2, 2.6, 5.2, 9.0, 13.0, 16.0, 18.2, 17.9, 14.6, 10.5, 6.2, 3.2],
  },
  {
    name: 'Groningen',
    lat: 53.22,
    lon: 6.57,
    ghi: [17, 33, 70, 123, 160, 163, 160, 132, 88, 50, 21, 13],
    temperature: [2.9, 3.2, 5.7, 9.1, 12.8, 15.4, 17.6, 17.3, 14.1, 10.2, 6.3, 3.5],
  },
  {
    name: 'Hannover',
    lat: 52.37,
    lon: 9.74,
    ghi: [19, 35, 74, 123, 158, 162, 160, 135, 90, 53, 22, 14],
    temperature: [1.4, 2.0, 5.0, 9.3, 13.5, 16.5, 18.7, 18.3, 14.5, 10.0, 5.6, 2.4],
  },
  {
    name: 'Potsdam',
    lat: 52.4,
    lon: 13.06,
    ghi: [20, 37, 77, 126, 163, 165, 165, 139, 92, 54, 23, 15],
    temperature: [0.9, 1.8, 5.0, 9.8, 14.2, 17.4, 19.5, 19.1, 14.9, 9.9, 5.0, 1.8],
  },
  {
    name: 'Utrecht',
    lat: 52.09,
    lon: 5.12,
    ghi: [20, 36, 74, 125, 160, 162, 162, 136, 92, 55, 24, 15],
    temperature: [3.6, 4.0, 6.6, 9.9, 13.5, 16.3, 18.6, 18.2, 15.0, 11.1, 7.1, 4.2],
  },
  {
    name: 'Eindhoven',
    lat: 51.44,
    lon: 5.47,
    ghi: [22, 39, 78, 127, 158, 162, 163, 138, 95, 58, 26, 17],
    temperature: [3.6, 4.1, 7.0, 10.4, 14.1, 17.0, 19.1, 18.7, 15.3, 11.3, 7.1, 4.2],
  },
  {
    name: 'Münster',
    lat: 51.96,
    lon: 7.63,
    ghi: [21, 38, 76, 122, 155, 158, 158, 135, 93, 57, 25, 16],
    temperature: [2.6, 3.2, 6.0, 9.7, 13.5, 16.5, 18.5, 18.1, 14.7, 10.7, 6.4, 3.4],
  },
  {
    name: 'Leipzig',
    lat: 51.34,
    lon: 12.37,
    ghi: [22, 40, 80, 126, 160, 163, 163, 140, 95, 58, 25, 16],
    temperature: [0.9, 1.8, 5.1, 9.9, 14.3, 17.5, 19.6, 19.2, 14.9, 10.0, 5.1, 1.8],
  },
  {
    name: 'Kassel',
    lat: 51.31,
    lon: 9.48,
    ghi: [21, 38, 77, 122, 155, 160, 160, 137, 93, 56, 24, 16],
    temperature: [1.0, 1.7, 4.9, 9.1, 13.2, 16.3, 18.4, 18.0, 14.1, 9.6, 5.0, 1.9],
  },
  {
    name: 'Frankfurt am Main',
    lat: 50.11,
    lon: 8.68,
    ghi: [24, 43, 85, 130, 160, 167, 168, 143, 100, 61, 28, 19],
    temperature: [2.2, 3.2, 6.8, 11.1, 15.1, 18.4, 20.4, 20.0, 15.7, 10.8, 6.1, 2.9],
  },
  {
    name: 'Nürnberg',
    lat: 49.45,
    lon: 11.08,
    ghi: [27, 47, 89, 131, 162, 168, 171, 147, 103, 63, 30, 21],
    temperature: [0.4, 1.4, 5.0, 9.6, 13.9, 17.3, 19.3, 18.8, 14.4, 9.4, 4.6, 1.1],
  },
  {
    name: 'Stuttgart',
    lat: 48.78,
    lon: 9.18,
    ghi: [28, 48, 90, 132, 162, 170, 172, 148, 104, 64, 31, 22],
    temperature: [1.3, 2.4, 6.0, 10.0, 14.1, 17.5, 19.5, 19.2, 14.9, 10.3, 5.4, 2.1],
  },
  {
    name: 'Freiburg im Breisgau',
    lat: 47.99,
    lon: 7.85,
    ghi: [31, 52, 95, 137, 165, 175, 178, 153, 110, 67, 34, 25],
    temperature: [2.6, 3.6, 7.4, 11.3, 15.4, 18.9, 20.8, 20.4, 16.0, 11.4, 6.6, 3.3],
  },
  {
    name: 'München',
    lat: 48.14,
    lon: 11.58,
    ghi: [32, 52, 93, 132, 158, 167, 172, 148, 108, 68, 35, 26],
    temperature: [0.6, 1.6, 5.2, 9.6, 13.9, 17.4, 19.3, 18.9, 14.6, 10.0, 4.9, 1.3],
  },
  {
    name: 'Linz',
    lat: 48.31,
    lon: 14.29,
    ghi: [29, 49, 89, 130, 160, 168, 172, 148, 104, 64, 31, 23],
    temperature: [-0.1, 1.2, 5.3, 10.1, 14.6, 18.1, 20.0, 19.6, 15.0, 10.0, 4.8, 0.8],
  },
  {
    name: 'Wien',
    lat: 48.21,
    lon: 16.37,
    ghi: [29, 49, 93, 137, 172, 178, 182, 158, 108, 66, 31, 22],
    temperature: [1.2, 2.6, 6.6, 11.6, 16.1, 19.7, 21.8, 21.4, 16.5, 11.2, 6.0, 2.1],
  },
  {
    name: 'Innsbruck',
    lat: 47.27,
    lon: 11.4,
    ghi: [35, 55, 97, 133, 157, 162, 168, 145, 108, 70, 37, 28],
    temperature: [-1.0, 0.9, 5.5, 9.8, 14.2, 17.6, 19.3, 18.8, 14.7, 9.9, 3.9, -0.5],
  },
  {
    name: 'Graz',
    lat: 47.07,
    lon: 15.44,
    ghi: [38, 60, 103, 140, 172, 180, 187, 160, 115, 74, 39, 29],
    temperature: [-0.3, 1.5, 5.8, 10.6, 15.2, 18.8, 20.7, 20.2, 15.4, 10.2, 4.9, 0.6],
  },
  {
    name: 'Klagenfurt',
    lat: 46.62,
    lon: 14.31,
    ghi: [38, 62, 106, 142, 172, 180, 188, 162, 117, 72, 38, 29],
    temperature: [-2.6, -0.2, 4.8, 9.8, 14.6, 18.3, 20.1, 19.4, 14.6, 9.2, 3.6, -1.3],
  },
];

let last = { latitude: Number.NaN, longitude: Number.NaN, point: CLIMATE_POINTS[0]! };

/** The climate point nearest to a place (distance on the sphere, small-angle). */
export function nearestClimate(latitude: number, longitude: number): ClimatePoint {
  // The model asks for one place many times in a row (every five-minute step of a plant).
  if (latitude === last.latitude && longitude === last.longitude) return last.point;
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
  last = { latitude, longitude, point: best };
  return best;
}
