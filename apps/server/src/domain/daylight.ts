import { DAY_MS, localMidnight, utcOffsetMs } from '@pvstar/contract/calendar';
import SunCalc from 'suncalc';
import { MAX_DAY_INTERVALS } from '../db/schema/plant.ts';

/*
 * Daylight, one rule for all: the alarm watch asks whether it is daylight at a plant now (isDaylight),
 * ingest and reports which 5-minute intervals of a day are (daylightIntervals); both by the same altitude
 * and the same hours for a plant without coordinates.
 */

/** The sun's altitude in degrees at a place and time (negative below the horizon). */
export function sunAltitude(at: Date, latitude: number, longitude: number): number {
  return (SunCalc.getPosition(at, latitude, longitude).altitude * 180) / Math.PI;
}

/**
 * How high the sun must stand before a PV plant is expected to produce and to be awake: at 10° even an
 * overcast sky gives a few per cent of the rated power, and inverters that sleep at night have woken.
 */
export const DAYLIGHT_ALTITUDE = 10;

/** A plant without coordinates counts as in daylight from 08:00 to 16:00 local time: it is not left unwatched. */
const NO_COORDS_FROM_H = 8;
const NO_COORDS_TO_H = 16;

/** Whether the sun stands high enough at the plant (the alarm watch's test, one instant at a time). */
export function isDaylight(
  at: Date,
  plant: { latitude: number | null; longitude: number | null; timezone: string },
): boolean {
  if (plant.latitude === null || plant.longitude === null) {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        hour: 'numeric',
        hourCycle: 'h23',
        timeZone: plant.timezone,
      }).format(at),
    );
    return hour >= NO_COORDS_FROM_H && hour < NO_COORDS_TO_H;
  }
  return sunAltitude(at, plant.latitude, plant.longitude) >= DAYLIGHT_ALTITUDE;
}

/**
 * Daylight intervals for availability: a plant's day is cut into 5-minute intervals on the epoch grid
 * (every real time zone offset is a multiple of 5 minutes, so local midnight falls on it), and an
 * interval is a daylight interval when its midpoint lies between the moments the sun rises above and
 * sinks below DAYLIGHT_ALTITUDE (the "no production" alarm's threshold). Ingest marks the daylight
 * intervals in which an inverter reported; reports count the daylight intervals of every day. Both use
 * `daylightWindow`, so an inverter can never have more intervals with data than there were.
 *
 * The sun's path is suncalc's (Astronomy Answers' formulas), for one altitude only: the reports need
 * it for every plant and day of a period, and suncalc's getTimes computes a dozen altitudes each time.
 * The test checks it against suncalc.
 */

export const INTERVAL_MS = 300_000;
/** Most intervals in a local day (25 hours when the clocks go back): the width of the stored bit strings. */
export { MAX_DAY_INTERVALS };

const RAD = Math.PI / 180;
const J1970 = 2440588;
const J2000 = 2451545;
const J0 = 0.0009;
const OBLIQUITY = RAD * 23.4397;
const H0 = DAYLIGHT_ALTITUDE * RAD;

const toJulian = (ms: number) => ms / DAY_MS - 0.5 + J1970;
const fromJulian = (j: number) => (j + 0.5 - J1970) * DAY_MS;

export interface PlantPlace {
  latitude: number | null;
  longitude: number | null;
}

/**
 * [start, end) in epoch ms of the sun above DAYLIGHT_ALTITUDE on the solar day around `noonMs`
 * (an instant near the local noon of the day); null when it never gets that high, `'allDay'` when it
 * never drops below.
 */
export function sunWindow(
  noonMs: number,
  latitude: number,
  longitude: number,
): [number, number] | null | 'allDay' {
  const lw = RAD * -longitude;
  const phi = RAD * latitude;
  const d = toJulian(noonMs) - J2000;
  const n = Math.round(d - J0 - lw / (2 * Math.PI));
  const ds = J0 + lw / (2 * Math.PI) + n;
  const M = RAD * (357.5291 + 0.98560028 * ds);
  const C = RAD * (1.9148 * Math.sin(M) + 0.02 * Math.sin(2 * M) + 0.0003 * Math.sin(3 * M));
  const L = M + C + RAD * 102.9372 + Math.PI;
  const dec = Math.asin(Math.sin(OBLIQUITY) * Math.sin(L));
  const transit = J2000 + ds + 0.0053 * Math.sin(M) - 0.0069 * Math.sin(2 * L);
  const cosW = (Math.sin(H0) - Math.sin(phi) * Math.sin(dec)) / (Math.cos(phi) * Math.cos(dec));
  if (cosW > 1) return null;
  if (cosW < -1) return 'allDay';
  const w = Math.acos(cosW);
  const half = (w / (2 * Math.PI)) * DAY_MS;
  const noon = fromJulian(transit);
  return [noon - half, noon + half];
}

/** Midpoint-in-window interval indices on the epoch grid: the first one and one past the last. */
function gridSpan(start: number, end: number): [number, number] {
  const first = Math.ceil((start - INTERVAL_MS / 2) / INTERVAL_MS);
  const after = Math.ceil((end - INTERVAL_MS / 2) / INTERVAL_MS);
  return [first, Math.max(first, after)];
}

/** An hour of the local day's wall clock as an instant (DST days included). */
const wallClock = (day: string, hour: number, timeZone: string) => {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  return wall - utcOffsetMs(wall - utcOffsetMs(wall, timeZone), timeZone);
};

/**
 * The daylight intervals of one local day as epoch-grid indices [first, after), given the day's local
 * midnight and the next one (epoch ms).
 */
export function daylightIntervals(
  place: PlantPlace,
  timeZone: string,
  day: string,
  dayStart: number,
  dayEnd: number,
): [number, number] {
  let start: number;
  let end: number;
  if (place.latitude === null || place.longitude === null) {
    start = wallClock(day, NO_COORDS_FROM_H, timeZone);
    end = wallClock(day, NO_COORDS_TO_H, timeZone);
  } else {
    const w = sunWindow((dayStart + dayEnd) / 2, place.latitude, place.longitude);
    if (w === null) return [0, 0];
    [start, end] = w === 'allDay' ? [dayStart, dayEnd] : w;
    start = Math.max(start, dayStart);
    end = Math.min(end, dayEnd);
  }
  return gridSpan(start, end);
}

/** A local day's midnight, the next one and its daylight intervals on the epoch grid. */
export function dayGrid(place: PlantPlace, timeZone: string, day: string, nextDay: string) {
  const start = localMidnight(day, timeZone);
  const end = localMidnight(nextDay, timeZone);
  const [first, after] = daylightIntervals(place, timeZone, day, start, end);
  return { start, end, first, after, offset: Math.round(start / INTERVAL_MS) };
}

/** The bit string (MAX_DAY_INTERVALS long) with a 1 at each daylight interval that brought data. */
export function seenBits(grid: ReturnType<typeof dayGrid>, timestamps: Iterable<number>): string {
  const bits = new Array<string>(MAX_DAY_INTERVALS).fill('0');
  for (const ts of timestamps) {
    const k = Math.floor(ts / INTERVAL_MS);
    if (k < grid.first || k >= grid.after) continue;
    const i = k - grid.offset;
    if (i >= 0 && i < MAX_DAY_INTERVALS) bits[i] = '1';
  }
  return bits.join('');
}

/** Every daylight interval of the day marked (a day the inverter reported throughout, as the demo history). */
export function allDaylightBits(grid: ReturnType<typeof dayGrid>): { bits: string; count: number } {
  const bits = new Array<string>(MAX_DAY_INTERVALS).fill('0');
  let count = 0;
  for (let k = grid.first; k < grid.after; k++) {
    const i = k - grid.offset;
    if (i >= 0 && i < MAX_DAY_INTERVALS) {
      bits[i] = '1';
      count++;
    }
  }
  return { bits: bits.join(''), count };
}

/**
 * A day's bits with the intervals that start within any of the spans [from, to) (epoch ms) cleared: the
 * demo history's days without the time its inverter stood still under a fault.
 */
export function clearSpans(
  grid: ReturnType<typeof dayGrid>,
  day: { bits: string; count: number },
  spans: readonly [number, number][],
): { bits: string; count: number } {
  const bits = [...day.bits];
  let count = day.count;
  for (const [from, to] of spans)
    for (
      let k = Math.max(grid.first, Math.ceil(from / INTERVAL_MS));
      k < grid.after && k * INTERVAL_MS < to;
      k++
    ) {
      const i = k - grid.offset;
      if (bits[i] === '1') {
        bits[i] = '0';
        count--;
      }
    }
  return { bits: bits.join(''), count };
}
