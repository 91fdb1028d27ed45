import type { PlantPerformance } from '@pvstar/contract/performance';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { formatEnergy, formatNumber, formatPercent } from '../../../../components/energy-format.ts';
import { FLOW_COLORS } from '../../../../components/flow-colors.ts';
import { dayLabel } from './performance-columns.tsx';

const EXPECTED_COLOR = '#94a3b8';
const PR_COLOR = '#eb2f96';

/** The performance chart: actual and expected generation a day as bars, the PR as a line. */
export function performanceOption(data: PlantPerformance, t: TFunction, lang: string): EChartsOption {
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
}
