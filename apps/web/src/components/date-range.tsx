import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export type DateRange = [Dayjs, Dayjs];

/** The date shortcuts of requirements §R13.3, each ending today. */
export function rangeShortcuts(now = dayjs()): { key: string; range: DateRange }[] {
  const today = now.startOf('day');
  return [
    { key: 'last7Days', range: [today.subtract(6, 'day'), today] },
    { key: 'lastMonth', range: [today.subtract(1, 'month').add(1, 'day'), today] },
    { key: 'last3Months', range: [today.subtract(3, 'month').add(1, 'day'), today] },
    { key: 'lastYear', range: [today.subtract(1, 'year').add(1, 'day'), today] },
  ];
}

/**
 * A from–to picker with the shortcuts; `picker` month/year picks whole months or years. With `onClear`
 * the range may be emptied (no period: all time).
 */
export function DateRangeField({
  value,
  onChange,
  onClear,
  picker = 'date',
  testId,
}: {
  value: DateRange | null;
  onChange: (range: DateRange) => void;
  onClear?: () => void;
  picker?: 'date' | 'month' | 'year';
  testId?: string;
}) {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    last7Days: t('monitor:range.last7Days'),
    lastMonth: t('monitor:range.lastMonth'),
    last3Months: t('monitor:range.last3Months'),
    lastYear: t('monitor:range.lastYear'),
  };
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      picker={picker}
      value={value}
      allowClear={!!onClear}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      presets={
        picker === 'date'
          ? rangeShortcuts().map((s) => ({ label: labels[s.key], value: s.range }))
          : undefined
      }
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange([range[0], range[1]]);
        else if (!range) onClear?.();
      }}
    />
  );
}
