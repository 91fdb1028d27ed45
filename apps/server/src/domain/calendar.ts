import { addDays, DAY_MS } from '@pvstar/contract/calendar';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The server's calendar rules: a plant's local day and time, and arithmetic on YYYY-MM-DD and YYYY-MM
 * strings (UTC dates: no time zone or DST shifts a day). Local midnight and the zone offsets are the
 * contract's (`@pvstar/contract/calendar`), shared with the simulator.
 */
export { addDays };

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

export const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
};
export const daysBetween = (from: string, to: string) =>
  Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);
export const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
};
/** The days from `first` on, `count` of them; from one parse (a year of addDays calls showed in a profile). */
export const dayRange = (first: string, count: number) => {
  const start = toDate(first).getTime();
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
};
/** The last day of a month YYYY-MM. */
export const monthEnd = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);

/** "2026-11-23 14:05" in the given time zone (what lists and exports show, local to each plant). */
export function localTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * localDay in SQL: the local date (a `date`) at instant `at` in the time zone `timeZone` names (a column,
 * or SQL for one). `at` may be SQL (a column, or a prepared statement's placeholder). The one way a
 * plant's local day is written in SQL (decision 015).
 */
export const localDaySql = (at: Date | number | SQL, timeZone: AnyColumn | SQL) =>
  sql`(${instantSql(at)} AT TIME ZONE ${timeZone})::date`;

/**
 * localMidnight in SQL: the instant (a `timestamptz`) the local day `day` (YYYY-MM-DD, or SQL for a date)
 * begins in the time zone `timeZone` names. A local day's instants are from its midnight to the next one's.
 */
export const localMidnightSql = (day: string | SQL, timeZone: AnyColumn | SQL) =>
  sql`((${day})::date::timestamp AT TIME ZONE ${timeZone})`;

/** An instant as a `timestamptz` value in SQL; SQL given (a column, a placeholder) is cast as it is. */
export const instantSql = (at: Date | number | SQL) =>
  typeof at === 'number' || at instanceof Date
    ? sql`${new Date(at).toISOString()}::timestamptz`
    : sql`(${at})::timestamptz`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a plant's time zone: daily counters reset at local midnight. */
export function localDay(ts: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(ts);
}
