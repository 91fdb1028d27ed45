import type { PerformanceDay } from '@pvstar/contract/performance';
import { Alert, Card, Flex, Skeleton, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/echart.tsx';
import { formatEnergy, formatNumber, formatPercent } from '../../../../components/energy-format.ts';
import { FLOW_COLORS } from '../../../../components/flow-colors.ts';
import { usePlantPerformance } from '../api/plant-performance-api.ts';

const EXPECTED_COLOR = '#94a3b8';
const PR_COLOR = '#eb2f96';

/** A calendar day as the reader's language writes it (UTC: the day is the plant's, no shift). */
const dayLabel = (day: string, lang: string, long = false) =>
  new Intl.DateTimeFormat(lang, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    ...(long ? { year: 'numeric', weekday: 'short' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * Performance: the plant's generation per day against what its neighbours' day says it should have made
 * (docs/energy.md "Performance ratio"), as a chart, a table and a short explanation.
 */
export function PerformanceTab({ plantId }: { plantId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const performance = usePlantPerformance(plantId);
  const data = performance.data;

  const option = useMemo<EChartsOption | null>(() => {
    if (!data) return null;
    return {
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: data.days.map((d) => dayLabel(d.day, lang)) },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (v: number) => `${formatNumber(v, 1, lang)} kWh` } },
        {
          // No axis name: the legend names the line, and a long name overflows a phone's width.
          type: 'value',
          min: 0,
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => formatPercent(v, lang) },
        },
      ],
      series: [
        {
          name: t('plant:performance.actual'),
          type: 'bar',
          itemStyle: { color: FLOW_COLORS.pv },
          data: data.days.map((d) => d.actualKwh),
          tooltip: { valueFormatter: (v) => formatEnergy(v as number, lang) },
        },
        {
          name: t('plant:performance.expected'),
          type: 'bar',
          itemStyle: { color: EXPECTED_COLOR },
          data: data.days.map((d) => d.expectedKwh),
          tooltip: { valueFormatter: (v) => formatEnergy(v as number | null, lang) },
        },
        {
          name: t('plant:performance.pr'),
          type: 'line',
          yAxisIndex: 1,
          connectNulls: false,
          itemStyle: { color: PR_COLOR },
          lineStyle: { color: PR_COLOR, width: 2 },
          data: data.days.map((d) => d.pr),
          tooltip: { valueFormatter: (v) => formatPercent(v as number | null, lang) },
          // The threshold only where there is a PR to hold against it (otherwise it floats on an empty axis).
          markLine:
            data.pr === null
              ? undefined
              : {
                  symbol: 'none',
                  lineStyle: { type: 'dashed', color: PR_COLOR },
                  label: { formatter: t('plant:performance.alarmLine'), position: 'insideEndTop' },
                  data: [{ yAxis: data.alarmShare }],
                },
        },
      ],
    };
  }, [data, t, lang]);

  const columns: TableColumnsType<PerformanceDay> = [
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

  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const judged = data.days.filter((d) => d.pr !== null).length;
  return (
    <Flex vertical gap={16} data-testid="tab-performance">
      <Card size="small">
        <Flex wrap gap={24} align="start">
          <Statistic
            title={t('plant:performance.period')}
            value={data.pr === null ? '—' : formatPercent(data.pr, lang)}
            valueStyle={{ color: data.pr !== null && data.pr < data.alarmShare ? '#cf1322' : undefined }}
            data-testid="performance-pr"
          />
          <Statistic title={t('plant:performance.judgedDays')} value={`${judged} / ${data.days.length}`} />
          <Typography.Paragraph type="secondary" style={{ flex: '1 1 360px', margin: 0 }}>
            {t('plant:performance.explain', {
              km: data.neighbourKm,
              min: data.minNeighbours,
              sunny: formatPercent(data.sunnyClearness, lang),
              share: formatPercent(data.alarmShare, lang),
            })}
          </Typography.Paragraph>
        </Flex>
      </Card>
      {data.days.length === 0 ? (
        <Alert type="info" showIcon message={t('plant:performance.none')} data-testid="performance-none" />
      ) : (
        <>
          <Card title={t('plant:performance.chart')}>
            {option && <EChart option={option} height={320} testId="performance-chart" />}
          </Card>
          <Card title={t('plant:performance.table')} styles={{ body: { paddingTop: 8 } }}>
            <Table<PerformanceDay>
              data-testid="performance-table"
              rowKey="day"
              size="small"
              columns={columns}
              dataSource={[...data.days].reverse()}
              pagination={false}
              scroll={{ x: 'max-content', y: 420 }}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
