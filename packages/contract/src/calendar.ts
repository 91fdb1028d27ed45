/**
 * Local time of a plant from its IANA time zone, through Intl only (no tz database of our own). One copy
 * for the simulator's model and the server's calendar rules (local midnight, daylight), so both count days alike.
 * Offsets are cached: formatting a date costs tens of microseconds that a year of five-minute steps
 * would multiply. Zones change offset only on quarter-hour boundaries.
 */

const QUARTER_HOUR = 15 * 60_000;
const BLOCK = 6 * 3_600_000;
export const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

function computeOffset(at: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of format(timeZone).formatToParts(new Date(at)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - at) / 60_000) * 60_000;
}

function cached(key: string, compute: () => number): number {
  const hit = offsets.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, value);
  return value;
}

/** Milliseconds to add to a UTC instant to get the wall-clock time in `timeZone`. */
export function utcOffsetMs(ts: number, timeZone: string): number {
  // A six-hour block with the same offset at both ends has it throughout (zones change at most
  // twice a year); only a block holding a change is resolved per quarter hour.
  const block = Math.floor(ts / BLOCK);
  const whole = cached(`${timeZone}|b${block}`, () => {
    const a = computeOffset(block * BLOCK, timeZone);
    return a === computeOffset((block + 1) * BLOCK - QUARTER_HOUR, timeZone) ? a : Number.NaN;
  });
  if (!Number.isNaN(whole)) return whole;
  const quarter = Math.floor(ts / QUARTER_HOUR);
  return cached(`${timeZone}|q${quarter}`, () => computeOffset(quarter * QUARTER_HOUR, timeZone));
}

export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** Wall-clock hour with fraction, 0 ≤ hour < 24. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Day of the year, 1 … 366. */
  dayOfYear: number;
  month: number;
}

export function localTime(ts: number, timeZone: string): LocalTime {
  const d = new Date(ts + utcOffsetMs(ts, timeZone));
  const y = d.getUTCFullYear();
  return {
    date: d.toISOString().slice(0, 10),
    hour:
      d.getUTCHours() + d.getUTCMinutes() / 60 + d.getUTCSeconds() / 3600 + d.getUTCMilliseconds() / 3.6e6,
    weekday: d.getUTCDay(),
    dayOfYear: Math.floor((d.getTime() - Date.UTC(y, 0, 1)) / DAY_MS) + 1,
    month: d.getUTCMonth() + 1,
  };
}

/** The UTC instant of local midnight starting `dateISO` in `timeZone`. */
export function localMidnight(dateISO: string, timeZone: string): number {
  const wall = Date.parse(`${dateISO}T00:00:00Z`);
  if (Number.isNaN(wall)) throw new Error(`not a date: ${dateISO}`);
  // Two passes: the offset at the guess can differ from the one at midnight only around a DST change.
  const guess = wall - utcOffsetMs(wall, timeZone);
  return wall - utcOffsetMs(guess, timeZone);
}

const shifted = new Map<string, string>();

export function addDays(dateISO: string, days: number): string {
  // Memoised: the model shifts the same few dates at every five-minute step.
  const key = `${dateISO}${days}`;
  const hit = shifted.get(key);
  if (hit !== undefined) return hit;
  const out = new Date(Date.parse(`${dateISO}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  if (shifted.size > 4096) shifted.clear();
  shifted.set(key, out);
  return out;
}

/** Throws on a time zone Intl does not know, so a bad fleet file fails at load, not mid-run. */
export function assertTimeZone(timeZone: string): void {
  format(timeZone);
}
