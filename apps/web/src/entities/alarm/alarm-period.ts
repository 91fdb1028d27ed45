import type { AlarmPageBody } from '@pvstar/contract/alarm';
import { type DateRange, rangeShortcuts } from '../../components/date-range.tsx';

/** Alarm lists open on the last month (a shortcut of requirements §R13.3), ending today. */
export const defaultAlarmRange = (): DateRange => rangeShortcuts().find((s) => s.key === 'lastMonth')!.range;

/** The picked days as the filter sends them: the plant's local days, inclusive. */
export const periodBody = (range: DateRange): Pick<AlarmPageBody, 'startDate' | 'endDate'> => ({
  startDate: range[0].format('YYYY-MM-DD'),
  endDate: range[1].format('YYYY-MM-DD'),
});
