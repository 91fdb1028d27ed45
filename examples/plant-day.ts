/**
 * Reads one plant's day with an API token through the SDK (@pvstar/sdk): the plant, its power curve
 * (5-minute means) and its energy figures of the day.
 *
 *   PVSTAR_URL=https://monitoring.example.com PVSTAR_TOKEN=pvst_… PLANT_ID=12 DAY=2026-12-01 \
 *     npx tsx examples/plant-day.ts
 *
 * DAY is the plant's local date (today when left out).
 */
import { createPvstarClient, PvstarApiError } from '@pvstar/sdk';

export interface PlantDay {
  plant: string;
  date: string;
  timezone: string;
  /** The highest 5-minute mean of PV power (kW), null on a day without readings. */
  peakPvPower: number | null;
  points: number;
  generation: number;
  feedIn: number;
}

export async function readPlantDay(opts: {
  baseUrl: string;
  token: string;
  plantId: number;
  date?: string;
}): Promise<PlantDay> {
  const client = createPvstarClient({ baseUrl: opts.baseUrl, token: opts.token });
  const id = opts.plantId;
  const [plant, curve] = await Promise.all([
    client.get('/station/station/detail/{id}', { params: { path: { id } } }),
    client.get('/station/station/powerCurve/{id}', {
      params: { path: { id }, query: opts.date ? { date: opts.date } : {} },
    }),
  ]);
  const energy = await client.post('/station/station/energy', {
    body: { id, dateType: 'date', from: curve.date, to: curve.date },
  });
  const pv = curve.points.map((p) => p.pvPower).filter((v): v is number => v !== null);
  return {
    plant: plant.stationName,
    date: curve.date,
    timezone: curve.timezone,
    peakPvPower: pv.length ? Math.max(...pv) : null,
    points: curve.points.length,
    generation: energy.totals.generation,
    feedIn: energy.totals.feedIn,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { PVSTAR_URL, PVSTAR_TOKEN, PLANT_ID, DAY } = process.env;
  if (!PVSTAR_URL || !PVSTAR_TOKEN || !PLANT_ID) {
    console.error('Set PVSTAR_URL, PVSTAR_TOKEN and PLANT_ID (and DAY, YYYY-MM-DD, if not today).');
    process.exit(2);
  }
  try {
    const day = await readPlantDay({
      baseUrl: PVSTAR_URL,
      token: PVSTAR_TOKEN,
      plantId: Number(PLANT_ID),
      ...(DAY ? { date: DAY } : {}),
    });
    console.log(JSON.stringify(day, null, 2));
  } catch (err) {
    if (!(err instanceof PvstarApiError)) throw err;
    console.error(
      `${err.status} ${err.message}${err.fields.map((f) => `\n  ${f.field}: ${f.message}`).join('')}`,
    );
    process.exit(1);
  }
}
