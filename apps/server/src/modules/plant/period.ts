import type { DateType } from '@pvstar/contract/enums';
import { DEFAULT_DAYS, MAX_DAYS, MAX_MONTHS, MAX_YEARS_AWAY } from '@pvstar/contract/plant-data';
import { addDays, addMonths, dayRange, daysBetween, monthEnd, monthsBetween } from '../../domain/calendar.ts';
import { invalidField } from '../../http/errors.ts';

/** A statistics period: its first and last local day and the labels of its rows. */
export interface Period {
  dateType: DateType;
  first: string;
  last: string;
  /** 2026-11-01 (date), 2026-11 (month) or 2026 (year, total), oldest first. */
  periods: string[];
}

/** Refuses a day further than MAX_YEARS_AWAY from today (nothing is measured there; queries stay bounded). */
export function checkDay(field: string, day: string, today: string) {
  const years = Math.abs(daysBetween(today, day)) / 365.25;
  if (years > MAX_YEARS_AWAY)
    throw invalidField(field, 'plantData.dateRange', 400, { years: MAX_YEARS_AWAY });
}

/**
 * The period a statistics request asks for: `date` from–to days (default the last DEFAULT_DAYS),
 * `month` whole months (default the last 12), `year` whole years (default since the first data),
 * `total` every year since the first data, the range ignored. `since` is the first day with figures
 * (`plantSinceSql`; null when unknown): the rows of days, months and years before it are left out, since
 * they have no data rather than 0 kWh. `first` and `last` stay as asked.
 */
export function resolvePeriod(
  dateType: DateType,
  range: { from?: string; to?: string },
  today: string,
  since: string | null,
): Period {
  const period = askedPeriod(dateType, range, today, since);
  if (!since) return period;
  // A label (2026-11-01, 2026-11, 2026) is before `since` when it sorts before since's own of its length.
  return { ...period, periods: period.periods.filter((p) => p >= since.slice(0, p.length)) };
}

function askedPeriod(
  dateType: DateType,
  range: { from?: string; to?: string },
  today: string,
  firstData: string | null,
): Period {
  const { from, to } = range;
  if (from) checkDay('from', from, today);
  if (to) checkDay('to', to, today);
  if (dateType === 'date') {
    const last = to ?? today;
    const first = from ?? addDays(last, -(DEFAULT_DAYS - 1));
    const n = daysBetween(first, last);
    if (n < 0) throw invalidField('to', 'plantData.dateOrder');
    if (n + 1 > MAX_DAYS) throw invalidField('to', 'plantData.tooManyDays', 400, { max: MAX_DAYS });
    const periods = dayRange(first, n + 1);
    return { dateType, first, last, periods };
  }
  if (dateType === 'month') {
    const lastMonth = (to ?? today).slice(0, 7);
    const firstMonth = from ? from.slice(0, 7) : addMonths(lastMonth, -11);
    const n = monthsBetween(firstMonth, lastMonth);
    if (n < 0) throw invalidField('to', 'plantData.dateOrder');
    if (n + 1 > MAX_MONTHS) throw invalidField('to', 'plantData.tooManyMonths', 400, { max: MAX_MONTHS });
    return {
      dateType,
      first: `${firstMonth}-01`,
      last: monthEnd(lastMonth),
      periods: Array.from({ length: n + 1 }, (_, i) => addMonths(firstMonth, i)),
    };
  }
  const dataYear = Number((firstData ?? today).slice(0, 4));
  const thisYear = Number(today.slice(0, 4));
  let lastYear: number;
  let firstYear: number;
  if (dateType === 'year') {
    lastYear = to ? Number(to.slice(0, 4)) : thisYear;
    firstYear = from ? Number(from.slice(0, 4)) : Math.min(dataYear, lastYear);
    if (firstYear > lastYear) throw invalidField('to', 'plantData.dateOrder');
  } else {
    // Lifetime: every year since the first data, the range ignored.
    lastYear = Math.max(thisYear, dataYear);
    firstYear = Math.min(dataYear, thisYear);
  }
  const periods = Array.from({ length: lastYear - firstYear + 1 }, (_, i) =>
    String(firstYear + i).padStart(4, '0'),
  );
  return { dateType, first: `${periods[0]}-01-01`, last: `${periods.at(-1)}-12-31`, periods };
}
