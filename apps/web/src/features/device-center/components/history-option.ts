import { type DeviceHistory, equipmentStatisticsParams } from '@pvstar/contract/device';
import type { InverterType, StationType } from '@pvstar/contract/enums';
import { type DeviceKind, type MetricDef, metricDef } from '@pvstar/contract/metrics';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { formatMetric, metricLabel, metricStateLabel } from '../../../components/metric-label.ts';
import { wallClock } from '../plant-time.ts';
import { decisionLabel, setAsideReasonLabel } from './set-aside-labels.ts';

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

/** Marker colours by decision: waiting stands out, accepted reads as fine, kept out recedes. */
const MARKER_COLOR = { none: '#fa541c', ACCEPTED: '#52c41a', REJECTED: '#8c8c8c' } as const;

/**
 * Where a set-aside reading is drawn beside its counter's line: at its value where that lies near the line,
 * otherwise at the edge of the line's range, as an arrow pointing to where it lies (999,000,000 kWh beside
 * a counter at 1,025 would flatten the line into the axis).
 */
function markerPlace(value: number, line: number[]): { y: number; beyond: 'above' | 'below' | null } {
  if (!line.length) return { y: value, beyond: null };
  const lo = Math.min(...line);
  const hi = Math.max(...line);
  const pad = Math.max((hi - lo) * 0.25, Math.abs(hi) * 0.001, 0.5);
  if (value > hi + pad) return { y: hi + pad, beyond: 'above' };
  if (value < lo - pad) return { y: lo - pad, beyond: 'below' };
  return { y: value, beyond: null };
}

/** What every part of the chart reads: the series' metrics, their set-aside readings, the axes. */
interface Chart {
  t: TFunction;
  lang: string;
  history: DeviceHistory;
  defs: MetricDef[];
  /** One series of markers per counter with set-aside readings, after the lines (decision 031). */
  markerSeries: { line: number; readings: DeviceHistory['setAside'] }[];
  axes: string[];
}

const hhmm = (v: number) => new Date(v).toISOString().slice(11, 16);

/** The tooltip: every line's value at the time, and a set-aside reading standing at that time. */
function historyTooltip({ t, lang, history, defs, markerSeries }: Chart): EChartsOption['tooltip'] {
  return {
    trigger: 'axis',
    valueFormatter: undefined,
    formatter: (params) => {
      const list = Array.isArray(params) ? params : [params];
      const ts = Number((list[0]?.value as [number, number] | undefined)?.[0]);
      const rows = list.flatMap((p) => {
        const index = p.seriesIndex ?? 0;
        if (index < defs.length) {
          const def = defs[index]!;
          const value = (p.value as [number, number])[1];
          return [`${p.marker ?? ''} ${metricLabel(t, def.key)}: <b>${formatMetric(def, value, lang)}</b>`];
        }
        // A marker only beside the time it stands at (the axis offers every series' nearest item).
        const markers = markerSeries[index - defs.length]!;
        const m = markers.readings[p.dataIndex ?? 0]!;
        if (Math.abs(wallClock(m.ts, history.timezone) - ts) > 150_000) return [];
        const def = defs[markers.line]!;
        return [
          `${p.marker ?? ''} ${t('device:history.setAsideAt', {
            reason: setAsideReasonLabel(t, m.reason),
            decision: decisionLabel(t, m.decision),
          })}: <b>${formatNumber(m.value, 4, lang)} ${def.unit}</b>`,
        ];
      });
      return [hhmm(ts), ...rows].join('<br/>');
    },
  };
}

/** One y axis per unit, alternating left and right; a state metric's axis is labelled with its states. */
function historyYAxes({ t, lang, defs, axes }: Chart) {
  return axes.map((axis, i) => {
    const def = defs.find((d) => axisKey(d) === axis)!;
    const isState = def.type === 'state';
    return {
      type: 'value' as const,
      name: isState ? metricLabel(t, def.key) : def.unit,
      position: i % 2 === 0 ? ('left' as const) : ('right' as const),
      offset: Math.floor(i / 2) * 56,
      alignTicks: !isState && i > 0,
      ...(isState ? { min: 0, max: (def.states?.length ?? 1) - 1, interval: 1 } : {}),
      axisLabel: {
        formatter: (v: number) =>
          isState ? metricStateLabel(t, def.states?.[v] ?? String(v)) : formatNumber(v, 2, lang),
      },
      splitLine: { show: i === 0 },
    };
  });
}

/** A line per metric on the plant's wall clock, broken where readings are missing. */
function lineSeries({ t, history, defs, axes }: Chart) {
  return history.series.map((s, i) => {
    const def = defs[i]!;
    return {
      type: 'line' as const,
      name: metricLabel(t, def.key),
      yAxisIndex: axes.indexOf(axisKey(def)),
      showSymbol: s.points.length < 3,
      step: def.type === 'state' ? ('end' as const) : undefined,
      // A gap of more than two buckets is a gap, not a straight line.
      data: withGaps(s.points.map(([ts, v]) => [wallClock(ts, history.timezone), v] as [number, number])),
    };
  });
}

/** The set-aside readings beside their counter's line, coloured by the decision taken on them. */
function setAsideSeries({ t, history, defs, axes, markerSeries }: Chart) {
  return markerSeries.map(({ line, readings }) => {
    const values = history.series[line]!.points.map(([, v]) => v);
    // Symbols without a line: a line series, so that the chart chunk needs no scatter chart of its own.
    return {
      type: 'line' as const,
      // One legend entry for every counter's markers.
      name: t('device:history.setAside'),
      yAxisIndex: axes.indexOf(axisKey(defs[line]!)),
      showSymbol: true,
      symbolSize: 11,
      lineStyle: { opacity: 0 },
      itemStyle: { color: MARKER_COLOR.none },
      z: 3,
      data: readings.map((m) => {
        const place = markerPlace(m.value, values);
        return {
          value: [wallClock(m.ts, history.timezone), place.y],
          symbol: place.beyond ? 'triangle' : 'diamond',
          symbolRotate: place.beyond === 'below' ? 180 : 0,
          itemStyle: { color: MARKER_COLOR[m.decision ?? 'none'] },
        };
      }),
    };
  });
}

/** A device's day as a chart: its metrics' lines over the plant's local day, and its set-aside readings. */
export function historyOption(
  t: TFunction,
  lang: string,
  kind: DeviceKind,
  history: DeviceHistory,
): EChartsOption {
  const defs = history.series.map((s) => metricDef(kind, s.metric)!);
  const markerSeries = history.series.flatMap((s, i) => {
    const readings = history.setAside.filter((m) => m.counter === s.metric);
    return readings.length ? [{ line: i, readings }] : [];
  });
  const chart: Chart = { t, lang, history, defs, markerSeries, axes: [...new Set(defs.map(axisKey))] };
  // Drawn on the plant's wall clock (see wallClock) with ECharts in UTC: the axis is its local day.
  const start = Date.parse(`${history.date}T00:00:00Z`);
  return {
    useUTC: true,
    animation: false,
    legend: { top: 0, type: 'scroll' },
    grid: {
      top: 48,
      bottom: 56,
      left: 16 + 56 * Math.ceil(chart.axes.length / 2),
      right: 16 + 56 * Math.floor(chart.axes.length / 2),
      containLabel: false,
    },
    tooltip: historyTooltip(chart),
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }],
    xAxis: {
      type: 'time',
      min: start,
      max: start + 24 * 3600_000,
      axisLabel: { formatter: (v: number) => hhmm(v), hideOverlap: true },
    },
    yAxis: historyYAxes(chart),
    series: [...lineSeries(chart), ...setAsideSeries(chart)],
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
