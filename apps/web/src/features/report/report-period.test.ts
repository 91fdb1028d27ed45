import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, exportFilename, periodBody } from './report-period.ts';

describe('report period', () => {
  const now = dayjs('2026-05-20T10:00:00');

  it('defaults to the last 7 days, 12 months or 5 years', () => {
    const fmt = (type: 'date' | 'month' | 'year') =>
      defaultRange(type, now).map((d) => d.format('YYYY-MM-DD'));
    expect(fmt('date')).toEqual(['2026-05-14', '2026-05-20']);
    expect(fmt('month')).toEqual(['2025-06-01', '2026-05-20']);
    expect(fmt('year')).toEqual(['2022-01-01', '2026-05-20']);
  });

  it('asks for whole months and years, and nothing for the total', () => {
    const range = [dayjs('2026-02-10'), dayjs('2026-04-03')] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(periodBody('date', range)).toEqual({ dateType: 'date', from: '2026-02-10', to: '2026-04-03' });
    expect(periodBody('month', range)).toEqual({ dateType: 'month', from: '2026-02-01', to: '2026-04-30' });
    expect(periodBody('year', range)).toEqual({ dateType: 'year', from: '2026-01-01', to: '2026-12-31' });
    expect(periodBody('total', range)).toEqual({ dateType: 'total' });
    expect(periodBody('month', undefined)).toEqual({ dateType: 'month' });
  });

  it('names the download after the report and its days', () => {
    expect(exportFilename('energy', { from: '2026-05-14', to: '2026-05-20' })).toBe(
      'energy-report-2026-05-14-2026-05-20.xlsx',
    );
  });
});
