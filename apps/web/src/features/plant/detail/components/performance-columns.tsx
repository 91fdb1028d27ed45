import type { PerformanceDay, PlantPerformance } from '@pvstar/contract/performance';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatEnergy, formatPercent } from '../../../../components/energy-format.ts';

/** A calendar day as the reader's language writes it (UTC: the day is the plant's, no shift). */
export const dayLabel = (day: string, lang: string, long = false) =>
  new Intl.DateTimeFormat(lang, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    ...(long ? { year: 'numeric', weekday: 'short' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));

/** The columns of the performance table, one row a day. */
export function performanceColumns(
  t: TFunction,
  lang: string,
  data: PlantPerformance | undefined,
): TableColumnsType<PerformanceDay> {
  return [
    { title: t('plant:performance.day'), dataIndex: 'day', render: (d: string) => dayLabel(d, lang, true) },
    {
      title: t('plant:performance.actual'),
      dataIndex: 'actualKwh',
      align: 'right',
      render: (v: number) => formatEnergy(v, lang),
    },
    {
      title: t('plant:performance.expected'),
      dataIndex: 'expectedKwh',
      align: 'right',
      render: (v: number | null) => formatEnergy(v, lang),
    },
    {
      title: t('plant:performance.pr'),
      dataIndex: 'pr',
      align: 'right',
      render: (v: number | null, r) =>
        v === null ? (
          <Typography.Text type="secondary">
            {r.neighbours < (data?.minNeighbours ?? 0)
              ? t('plant:performance.fewNeighbours')
              : t('plant:performance.tooDark')}
          </Typography.Text>
        ) : (
          <Typography.Text type={v < (data?.alarmShare ?? 0) ? 'danger' : undefined}>
            {formatPercent(v, lang)}
          </Typography.Text>
        ),
    },
    {
      title: t('plant:performance.clearSky'),
      dataIndex: 'clearSkyKwh',
      align: 'right',
      render: (v: number) => formatEnergy(v, lang),
    },
    {
      title: t('plant:performance.clearness'),
      dataIndex: 'clearness',
      align: 'right',
      render: (v: number | null, r) => (
        <Flex gap={6} justify="end" align="center">
          {formatPercent(v, lang)}
          {r.sunny && <Tag color="gold">{t('plant:performance.sunny')}</Tag>}
        </Flex>
      ),
    },
    { title: t('plant:performance.neighbours'), dataIndex: 'neighbours', align: 'right' },
  ];
}
