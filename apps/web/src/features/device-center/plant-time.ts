const dayFormats = new Map<string, Intl.DateTimeFormat>();
const parts = (ts: number, timeZone: string) => {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(ts).map((p) => [p.type, p.value])) as Record<string, string>;
};

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
