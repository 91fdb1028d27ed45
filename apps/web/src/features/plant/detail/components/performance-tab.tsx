import type { PerformanceDay } from '@pvstar/contract/performance';
import { Alert, Card, Flex, Skeleton, Statistic, Table, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/echart.tsx';
import { formatPercent } from '../../../../components/energy-format.ts';
import { usePlantPerformance } from '../api/plant-performance-api.ts';
import { performanceOption } from './performance-chart.ts';
import { performanceColumns } from './performance-columns.tsx';

/**
 * Performance: the plant's generation per day against what its neighbours' day says it should have made
 * (docs/energy.md "Performance ratio"), as a chart, a table and a short explanation.
 */
export function PerformanceTab({ plantId }: { plantId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const performance = usePlantPerformance(plantId);
  const data = performance.data;

  const option = useMemo<EChartsOption | null>(
    () => (data ? performanceOption(data, t, lang) : null),
    [data, t, lang],
  );
  const columns = performanceColumns(t, lang, data);

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
              // The page scrolls the days, not a box of the table's own (which the keyboard could not
              // reach); their heads stay in sight under the app's header (50 px) and tags bar (34 px).
              scroll={{ x: 'max-content' }}
              sticky={{ offsetHeader: 84 }}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
