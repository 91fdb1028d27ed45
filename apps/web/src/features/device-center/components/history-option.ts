import { type DeviceHistory, equipmentStatisticsParams } from '@pvstar/contract/device';
import type { InverterType, StationType } from '@pvstar/contract/enums';
import { type DeviceKind, type MetricDef, metricDef } from '@pvstar/contract/metrics';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { formatMetric, metricLabel, metricStateLabel } from '../../../components/metric-label.ts';
import { wallClock } from '../plant-time.ts';

/** What a chart shows first: the plant type's power flows for an inverter, the essentials otherwise. */
export function defaultMetrics(
  kind: DeviceKind,
  stationType: StationType,
  inverterType: InverterType | null,
) {
  if (kind === 'INVERTER')
    return equipmentStatisticsParams(stationType, inverterType ?? 'SINGLE_PHASE')
      .filter((p) => p.group === 'flow')
      .map((p) => p.key);
  return {
    BATTERY: ['power', 'soc'],
    METER: ['power'],
    EV_CHARGER: ['power'],
    HEAT_PUMP: ['flowTemperature', 'returnTemperature'],
  }[kind];
}

/** One y axis per unit (state metrics each get their own, labelled with the states). */
const axisKey = (def: MetricDef) => (def.type === 'state' ? `state:${def.key}` : def.unit);

export function historyOption(
  t: TFunction,
  lang: string,
  kind: DeviceKind,
  history: DeviceHistory,
): EChartsOption {
  const defs = history.series.map((s) => metricDef(kind, s.metric)!);
  const axes = [...new Set(defs.map(axisKey))];
  // Drawn on the plant's wall clock (see wallClock) with ECharts in UTC: the axis is its local day.
  const start = Date.parse(`${history.date}T00:00:00Z`);
  const end = start + 24 * 3600_000;
  const hhmm = (v: number) => new Date(v).toISOString().slice(11, 16);
  const sideCount = (i: number) => Math.floor(i / 2);
  return {
    useUTC: true,
    animation: false,
    legend: { top: 0, type: 'scroll' },
    grid: {
      top: 48,
      bottom: 56,
      left: 16 + 56 * Math.ceil(axes.length / 2),
      right: 16 + 56 * Math.floor(axes.length / 2),
      containLabel: false,
    },
    tooltip: {
      trigger: 'axis',
      valueFormatter: undefined,
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const ts = Number((list[0]?.value as [number, number] | undefined)?.[0]);
        const rows = list.map((p) => {
          const def = defs[p.seriesIndex ?? 0]!;
          const value = (p.value as [number, number])[1];
          return `${p.marker ?? ''} ${metricLabel(t, def.key)}: <b>${formatMetric(def, value, lang)}</b>`;
        });
        return [hhmm(ts), ...rows].join('<br/>');
      },
    },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }],
    xAxis: {
      type: 'time',
      min: start,
      max: end,
      axisLabel: { formatter: (v: number) => hhmm(v), hideOverlap: true },
    },
    yAxis: axes.map((axis, i) => {
      const def = defs.find((d) => axisKey(d) === axis)!;
      const isState = def.type === 'state';
      return {
        type: 'value',
        name: isState ? metricLabel(t, def.key) : def.unit,
        position: i % 2 === 0 ? 'left' : 'right',
        offset: sideCount(i) * 56,
        alignTicks: !isState && i > 0,
        ...(isState ? { min: 0, max: (def.states?.length ?? 1) - 1, interval: 1 } : {}),
        axisLabel: {
          formatter: (v: number) =>
            isState ? metricStateLabel(t, def.states?.[v] ?? String(v)) : formatNumber(v, 2, lang),
        },
        splitLine: { show: i === 0 },
      };
    }),
    series: history.series.map((s, i) => {
      const def = defs[i]!;
      return {
        type: 'line',
        name: metricLabel(t, def.key),
        yAxisIndex: axes.indexOf(axisKey(def)),
        showSymbol: s.points.length < 3,
        step: def.type === 'state' ? 'end' : undefined,
        // A gap of more than two buckets is a gap, not a straight line.
        data: withGaps(s.points.map(([ts, v]) => [wallClock(ts, history.timezone), v] as [number, number])),
      };
    }),
  };
}

function withGaps(points: [number, number][]): ([number, number] | [number, null])[] {
  const out: ([number, number] | [number, null])[] = [];
  for (const [i, p] of points.entries()) {
    const prev = points[i - 1];
    if (prev && p[0] - prev[0] > 3 * 300_000) out.push([prev[0] + 300_000, null]);
    out.push(p);
  }
  return out;
}
