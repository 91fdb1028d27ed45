import type { ReportFrequency } from '@pvstar/contract/report';
import { addDays, addMonths, daysBetween, monthEnd } from '../../domain/calendar.ts';

/**
 * The periods of scheduled reports, on the plants' local calendar (YYYY-MM-DD strings, no clock):
 * the calendar month or ISO week before the local day `today`. A period is due once its last local day
 * has ended everywhere it covers, i.e. from the first local day after it, and only for a few days after
 * (a server that was down on the 1st catches up when it returns; one down for weeks does not send stale
 * reports).
 */

/** Days after a period's end in which its report is still sent. */
export const CATCH_UP_DAYS = 5;

export interface ReportPeriod {
  frequency: ReportFrequency;
  /** `2026-11` (month) or `2026-W45` (ISO week): the delivery's key. */
  label: string;
  first: string;
  last: string;
}

/** 0 = Monday … 6 = Sunday. */
const isoWeekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The ISO week of a day: `2026-W05` (the year is that of the week's Thursday). */
export function isoWeekLabel(day: string): string {
  const thursday = addDays(day, 3 - isoWeekday(day));
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The calendar month before the one `today` lies in. */
export function previousMonth(today: string): ReportPeriod {
  const month = addMonths(today.slice(0, 7), -1);
  return { frequency: 'MONTHLY', label: month, first: `${month}-01`, last: monthEnd(month) };
}

/** The ISO week (Monday to Sunday) before the one `today` lies in. */
export function previousWeek(today: string): ReportPeriod {
  const monday = addDays(today, -isoWeekday(today) - 7);
  return { frequency: 'WEEKLY', label: isoWeekLabel(monday), first: monday, last: addDays(monday, 6) };
}

/**
 * What a subscription is due for on local day `today`: its frequencies' previous periods that ended at
 * most CATCH_UP_DAYS ago and did not end before the subscription was made (`since`, a day).
 */
export function duePeriods(
  sub: { monthly: boolean; weekly: boolean },
  today: string,
  since: string,
): ReportPeriod[] {
  const candidates = [
    ...(sub.monthly ? [previousMonth(today)] : []),
    ...(sub.weekly ? [previousWeek(today)] : []),
  ];
  return candidates.filter((p) => daysBetween(p.last, today) <= CATCH_UP_DAYS && p.last >= since);
}
