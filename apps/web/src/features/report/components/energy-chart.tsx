import type { EnergyReport } from '@pvstar/contract/report';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart.tsx';
import { formatEnergy, formatMoney, formatNumber } from '../../../components/energy-format.ts';
import { formatPeriod } from '../../../components/format.ts';
import { energyFigureLabel } from '../../../components/monitor-labels.ts';

/** The plant detail's colours for the same figures: PV amber, load indigo, revenue pink. */
const COLORS = { generation: '#f59e0b', consumption: '#6366f1', revenue: '#eb2f96' };
/** More periods than this and the chart opens on the latest ones, with a zoom bar for the rest. */
const FIRST_VIEW = 62;

/** Generation and consumption per period (bars, kWh) and the revenue accumulated over them (line). */
export function EnergyChart({ report }: { report: EnergyReport }) {
  const { t, i18n } = useTranslation();
  const option = useMemo<EChartsOption>(() => {
    const currency = report.currency ?? 'EUR';
    const generation = energyFigureLabel(t, 'generation');
    const consumption = energyFigureLabel(t, 'consumption');
    const revenue = t('report:figure.accumulatedRevenue');
    const zoom = report.rows.length > FIRST_VIEW;
    const start = zoom ? 100 - (FIRST_VIEW / report.rows.length) * 100 : 0;
    const lang = i18n.language;
    return {
      legend: { top: 0, type: 'scroll', data: [generation, consumption, revenue] },
      grid: { left: 8, right: 8, top: 40, bottom: zoom ? 40 : 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: unknown) => {
          const list = params as { seriesName: string; marker: string; value: number; name: string }[];
          if (!list.length) return '';
          return [
            list[0]!.name,
            ...list.map(
              (p) =>
                `${p.marker}${p.seriesName}: ${p.seriesName === revenue ? formatMoney(p.value, currency, lang) : formatEnergy(p.value, lang)}`,
            ),
          ].join('<br/>');
        },
      },
      xAxis: { type: 'category', data: report.rows.map((r) => formatPeriod(r.period, lang)) },
      yAxis: [
        { type: 'value', name: 'kWh', axisLabel: { formatter: (v: number) => formatNumber(v, 2, lang) } },
        {
          type: 'value',
          name: currency,
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => formatNumber(v, 2, lang) },
        },
      ],
      dataZoom: zoom
        ? [
            { type: 'inside', start, end: 100 },
            { type: 'slider', start, end: 100, height: 20, bottom: 8 },
          ]
        : undefined,
      series: [
        {
          name: generation,
          type: 'bar',
          barMaxWidth: 24,
          itemStyle: { color: COLORS.generation },
          data: report.rows.map((r) => r.generation),
        },
        {
          name: consumption,
          type: 'bar',
          barMaxWidth: 24,
          itemStyle: { color: COLORS.consumption },
          data: report.rows.map((r) => r.consumption),
        },
        {
          name: revenue,
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          showSymbol: report.rows.length <= FIRST_VIEW,
          itemStyle: { color: COLORS.revenue },
          lineStyle: { color: COLORS.revenue, width: 2 },
          data: report.rows.map((r) => r.accumulatedRevenue),
        },
      ],
    };
  }, [report, t, i18n.language]);
  return <EChart option={option} height={340} testId="report-energy-chart" />;
}
