import type { TrendDay } from '@pvstar/contract/dashboard';
import { Card } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart.tsx';
import { formatEnergy, formatNumber } from '../../../components/energy-format.ts';
import { formatDay } from '../../../components/format.ts';
import { energyFigureLabel } from '../../../components/monitor-labels.ts';

/** Days shown at first; the zoom bar reaches back over the whole year. */
const FIRST_VIEW_DAYS = 60;

/** Generation (bars) and consumption (line) per day over the last 365 days. */
export function TrendChart({ trend }: { trend: TrendDay[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const option = useMemo<EChartsOption>(() => {
    const generation = energyFigureLabel(t, 'generation');
    const consumption = energyFigureLabel(t, 'consumption');
    const start = trend.length > FIRST_VIEW_DAYS ? 100 - (FIRST_VIEW_DAYS / trend.length) * 100 : 0;
    return {
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => formatEnergy(Number(v), i18n.language),
      },
      legend: { top: 0, data: [generation, consumption] },
      grid: { left: 8, right: 32, top: 36, bottom: 56, containLabel: true },
      xAxis: { type: 'category', data: trend.map((d) => formatDay(d.day, i18n.language)) },
      yAxis: {
        type: 'value',
        name: 'kWh',
        axisLabel: { formatter: (v: number) => formatNumber(v, 0, i18n.language) },
      },
      dataZoom: [
        { type: 'inside', start, end: 100 },
        { type: 'slider', start, end: 100, height: 20, bottom: 8 },
      ],
      series: [
        { name: generation, type: 'bar', data: trend.map((d) => d.generation), barMaxWidth: 18 },
        {
          name: consumption,
          type: 'line',
          data: trend.map((d) => d.consumption),
          smooth: true,
          showSymbol: false,
        },
      ],
    };
  }, [trend, t, i18n.language]);
  return (
    <Card size="small" title={t('trend.title')} style={{ height: '100%' }}>
      <EChart option={option} height={320} testId="trend-chart" />
    </Card>
  );
}
