import type { DateType } from '@pvstar/contract/enums';
import type { FleetReportBody } from '@pvstar/contract/report';
import dayjs, { type Dayjs } from 'dayjs';
import type { DateRange } from '../../components/date-range.tsx';

export type ReportPeriod = Pick<FleetReportBody, 'dateType' | 'from' | 'to'>;
export type ReportTab = 'energy' | 'fleet' | 'alarm';
export const REPORT_TABS: ReportTab[] = ['energy', 'fleet', 'alarm'];

/**
 * What the picker shows before the user picks: the server's defaults (the last 7 days, the last 12
 * months, the last 5 years); once a report is in, the period it resolved.
 */
export function defaultRange(type: DateType, now: Dayjs = dayjs()): DateRange {
  const today = now.startOf('day');
  if (type === 'month') return [today.subtract(11, 'month').startOf('month'), today];
  if (type === 'year') return [today.subtract(4, 'year').startOf('year'), today];
  return [today.subtract(6, 'day'), today];
}

/**
 * The period as the server is asked for it: whole months or years for those date types, nothing for
 * the total; without a picked range the server's default.
 */
export function periodBody(type: DateType, range: DateRange | undefined): ReportPeriod {
  if (type === 'total' || !range) return { dateType: type };
  const unit = type === 'date' ? 'day' : type;
  return {
    dateType: type,
    from: range[0].startOf(unit).format('YYYY-MM-DD'),
    to: range[1].endOf(unit).format('YYYY-MM-DD'),
  };
}

/** The download's name, as the server names it: the report and the days it covers. */
export const exportFilename = (tab: ReportTab, period?: { from: string; to: string }) =>
  `${tab}-report-${period ? `${period.from}-${period.to}` : dayjs().format('YYYY-MM-DD')}.xlsx`;
