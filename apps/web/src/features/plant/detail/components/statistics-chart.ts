import type { PlantEnergy } from '@pvstar/contract/plant-data';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { formatEnergy, formatMoney, formatNumber } from '../../../../components/energy-format.ts';
import { formatPeriod } from '../../../../components/format.ts';
import { energyFigureLabel } from '../../../../components/monitor-labels.ts';
import { BARS } from './statistics-columns.tsx';

const REVENUE_COLOR = '#eb2f96';

/** The statistics chart: the energy figures as bars, revenue as a line on its own axis. */
export function statisticsOption(data: PlantEnergy, t: TFunction, currency: string): EChartsOption {
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
    xAxis: { type: 'category', data: data.rows.map((r) => formatPeriod(r.period)) },
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
}
