import { addDays } from '@pvstar/simulator/model/time';

/** Calendar arithmetic on YYYY-MM-DD and YYYY-MM strings (UTC dates: no time zone or DST shifts a day). */
export { addDays };

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

export const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
};
export const daysBetween = (from: string, to: string) =>
  Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);
export const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
};
/** The last day of a month YYYY-MM. */
export const monthEnd = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);
