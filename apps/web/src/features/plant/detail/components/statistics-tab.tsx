import { DATE_TYPES } from '@pvstar/contract/enum-values';
import type { DateType } from '@pvstar/contract/enums';
import type { EnergyRow } from '@pvstar/contract/plant-data';
import { Card, Flex, Radio, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeField } from '../../../../components/date-range.tsx';
import { EChart } from '../../../../components/echart.tsx';
import { formatDay } from '../../../../components/format.ts';
import { dateTypeLabel } from '../../../../components/monitor-labels.ts';
import { usePlantEnergy } from '../api/plant-data-api.ts';
import { statisticsOption } from './statistics-chart.ts';
import { statisticsColumns, totalCells } from './statistics-columns.tsx';

/** Each date type's default range, ending today. */
function defaultRange(type: DateType): DateRange {
  const today = dayjs().startOf('day');
  if (type === 'month') return [today.subtract(11, 'month').startOf('month'), today];
  if (type === 'year') return [today.subtract(4, 'year').startOf('year'), today];
  return [today.subtract(6, 'day'), today];
}

/** What the server is asked: whole months or years for those date types. */
function bounds(type: DateType, [from, to]: DateRange): { from?: string; to?: string } {
  if (type === 'total') return {};
  const unit = type === 'date' ? 'day' : type;
  return { from: from.startOf(unit).format('YYYY-MM-DD'), to: to.endOf(unit).format('YYYY-MM-DD') };
}

/** Statistics: energy per day, month, year or in total, as a chart and a table with totals. */
export function StatisticsTab({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const [dateType, setDateType] = useState<DateType>('date');
  const [ranges, setRanges] = useState<Partial<Record<DateType, DateRange>>>({});
  const range = ranges[dateType] ?? defaultRange(dateType);
  const asked = bounds(dateType, range);
  const energy = usePlantEnergy({ id: plantId, dateType, ...asked });
  const data = energy.data;
  // The rows start on the plant's first day with figures: say so when the range asked reaches before it.
  const since = data && asked.from && asked.from < data.since ? data.since : null;
  const currency = data?.currency ?? 'EUR';

  const option = useMemo<EChartsOption | null>(
    () => (data ? statisticsOption(data, t, currency) : null),
    [data, t, currency],
  );
  const columns = statisticsColumns(t, currency);

  return (
    <Flex vertical gap={16} data-testid="tab-statistics" data-date-type={dateType}>
      <Card size="small">
        <Flex wrap gap={12} align="center" style={since ? { marginBottom: 8 } : undefined}>
          <Radio.Group
            data-testid="stats-date-type"
            optionType="button"
            value={dateType}
            onChange={(e) => setDateType(e.target.value as DateType)}
            options={DATE_TYPES.map((d) => ({ value: d, label: dateTypeLabel(t, d) }))}
          />
          {dateType !== 'total' && (
            <DateRangeField
              testId="stats-range"
              picker={dateType}
              value={range}
              onChange={(r) => setRanges((prev) => ({ ...prev, [dateType]: r }))}
            />
          )}
        </Flex>
        {since && (
          <Typography.Text type="secondary" data-testid="stats-since">
            {t('plant:stats.since', { day: formatDay(since) })}
          </Typography.Text>
        )}
      </Card>
      <Card title={t('plant:stats.chart')}>
        {option ? (
          <EChart option={option} height={340} testId="stats-chart" />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Card>
      <Card title={t('plant:stats.table')} styles={{ body: { paddingTop: 8 } }}>
        <Table<EnergyRow>
          data-testid="stats-table"
          rowKey="period"
          size="small"
          loading={energy.isFetching && !data}
          columns={columns}
          dataSource={data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 420 }}
          locale={{ emptyText: t('common:noData') }}
          summary={() =>
            data && (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="stats-totals">
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('plant:stats.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {totalCells(data.totals, currency).map((text, i) => (
                    <Table.Summary.Cell key={columns[i + 1]!.title as string} index={i + 1} align="right">
                      <Typography.Text strong>{text}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )
          }
        />
      </Card>
    </Flex>
  );
}
