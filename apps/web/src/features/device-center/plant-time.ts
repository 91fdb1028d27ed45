import { dateTimeFormat } from '../../components/format.ts';

/** An instant's fields on a zone's wall clock (en-CA: numbers only, 24-hour). */
const parts = (ts: number, timeZone: string) =>
  Object.fromEntries(
    dateTimeFormat('en-CA', timeZone, true)
      .formatToParts(ts)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;

/** Today in the plant's time zone (YYYY-MM-DD): the history's days are the plant's local days. */
export function plantToday(timeZone: string, now = Date.now()): string {
  const p = parts(now, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * An instant as the wall clock of a time zone reads it, written as if it were UTC: charts drawn in UTC
 * then show the plant's local hours, with ticks on its local midnight, whatever the browser's zone.
 */
export function wallClock(ts: number, timeZone: string): number {
  const p = parts(ts, timeZone);
  const ms = ts % 1000;
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) + ms;
}
