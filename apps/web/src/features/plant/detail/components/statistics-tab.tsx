import { DATE_TYPES } from '@pvstar/contract/enum-values';
import type { DateType, EnergyFigure } from '@pvstar/contract/enums';
import type { EnergyFigures, EnergyRow } from '@pvstar/contract/plant-data';
import { Card, Flex, Radio, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeField } from '../../../../components/date-range.tsx';
import { EChart } from '../../../../components/echart.tsx';
import {
  formatEnergy,
  formatMoney,
  formatNumber,
  formatPercent,
} from '../../../../components/energy-format.ts';
import { FLOW_COLORS } from '../../../../components/flow-colors.ts';
import { dateTypeLabel, energyFigureLabel } from '../../../../components/monitor-labels.ts';
import { usePlantEnergy } from '../api/plant-data-api.ts';

/** The energy figures charted as bars (kWh); revenue is the line on its own axis. */
const BARS: { figure: EnergyFigure; color: string }[] = [
  { figure: 'generation', color: FLOW_COLORS.pv },
  { figure: 'consumption', color: FLOW_COLORS.load },
  { figure: 'charge', color: FLOW_COLORS.battery },
  { figure: 'discharge', color: '#86efac' },
  { figure: 'feedIn', color: FLOW_COLORS.ev },
  { figure: 'purchase', color: FLOW_COLORS.grid },
];
const REVENUE_COLOR = '#eb2f96';

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
  const energy = usePlantEnergy({ id: plantId, dateType, ...bounds(dateType, range) });
  const data = energy.data;
  const currency = data?.currency ?? 'EUR';

  const option = useMemo<EChartsOption | null>(() => {
    if (!data) return null;
    return {
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: unknown) => {
          const list = params as {
            seriesIndex: number;
            marker: string;
            seriesName: string;
            value: number;
            name: string;
          }[];
          if (!list.length) return '';
          return [
            list[0]!.name,
            ...list.map(
              (p) =>
                `${p.marker}${p.seriesName}: ${p.seriesIndex === BARS.length ? formatMoney(p.value, currency) : formatEnergy(p.value)}`,
            ),
          ].join('<br/>');
        },
      },
      xAxis: { type: 'category', data: data.rows.map((r) => r.period) },
      yAxis: [
        { type: 'value', name: 'kWh', axisLabel: { formatter: (v: number) => formatNumber(v, 2) } },
        {
          type: 'value',
          name: currency,
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => formatNumber(v, 2) },
        },
      ],
      series: [
        ...BARS.map((b) => ({
          name: energyFigureLabel(t, b.figure),
          type: 'bar' as const,
          itemStyle: { color: b.color },
          data: data.rows.map((r) => r[b.figure]),
        })),
        {
          name: energyFigureLabel(t, 'revenue'),
          type: 'line' as const,
          yAxisIndex: 1,
          itemStyle: { color: REVENUE_COLOR },
          lineStyle: { color: REVENUE_COLOR, width: 2 },
          data: data.rows.map((r) => r.revenue),
        },
      ],
    };
  }, [data, t, currency]);

  const energyCol = (figure: EnergyFigure) => ({
    title: energyFigureLabel(t, figure),
    dataIndex: figure,
    align: 'right' as const,
    render: (v: number) => formatEnergy(v),
  });
  const columns: TableColumnsType<EnergyRow> = [
    { title: t('plant:stats.period'), dataIndex: 'period', fixed: 'left' },
    ...BARS.map((b) => energyCol(b.figure)),
    energyCol('selfConsumption'),
    {
      title: energyFigureLabel(t, 'selfSufficiency'),
      dataIndex: 'selfSufficiency',
      align: 'right',
      render: (v: number) => formatPercent(v),
    },
    {
      title: energyFigureLabel(t, 'revenue'),
      dataIndex: 'revenue',
      align: 'right',
      render: (v: number) => formatMoney(v, currency),
    },
  ];
  const totalCells = (totals: EnergyFigures) => [
    ...BARS.map((b) => formatEnergy(totals[b.figure])),
    formatEnergy(totals.selfConsumption),
    formatPercent(totals.selfSufficiency),
    formatMoney(totals.revenue, currency),
  ];

  return (
    <Flex vertical gap={16} data-testid="tab-statistics" data-date-type={dateType}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
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
                  {totalCells(data.totals).map((text, i) => (
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
