import type { PowerCurve } from '@pvstar/contract/plant-data';
import { Empty } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/echart.tsx';
import { formatNumber, formatPower } from '../../../../components/energy-format.ts';
import { FLOW_COLORS } from '../../../../components/flow-colors.ts';
import { formatSignedFlow } from '../../../../components/signed-power.tsx';

/** Milliseconds a zone is ahead of UTC at an instant. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - at;
}

/** The instant a local day starts in a zone (DST-safe: the offset is taken at that midnight). */
export function zonedMidnight(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** One line of the chart. */
const curveLine = (
  curve: PowerCurve,
  name: string,
  color: string,
  pick: (p: PowerCurve['points'][number]) => number | null,
) => ({
  name,
  type: 'line' as const,
  // A lone point of a line without symbols would not show at all.
  showSymbol: curve.points.length <= 12,
  symbolSize: 4,
  smooth: 0.2,
  connectNulls: false,
  lineStyle: { width: 2, color },
  itemStyle: { color },
  data: curve.points.map((p) => [Date.parse(p.ts), pick(p)]),
});

/** The day's power in 5-minute means: PV, load, grid, battery (W) and the battery's charge (%). */
export function PowerCurveChart({ curve, showSoc }: { curve: PowerCurve; showSoc: boolean }) {
  const { t, i18n } = useTranslation();
  const option = useMemo<EChartsOption>(() => {
    const clock = new Intl.DateTimeFormat(i18n.language, {
      timeZone: curve.timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const start = zonedMidnight(curve.date, curve.timezone);
    const end = zonedMidnight(
      new Date(Date.parse(`${curve.date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      curve.timezone,
    );
    const names = {
      pv: t('monitor:flow.pv'),
      load: t('monitor:flow.load'),
      grid: t('monitor:flow.grid'),
      battery: t('monitor:flow.battery'),
      soc: t('plant:curve.soc'),
    };
    return {
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        formatter: (params: unknown) => {
          const list = params as { seriesName: string; value: [number, number | null]; marker: string }[];
          if (!list.length) return '';
          const head = clock.format(list[0]!.value[0]);
          const rows = list.map(
            (p) =>
              `${p.marker}${p.seriesName}: ${
                p.seriesName === names.soc
                  ? `${formatNumber(p.value[1], 1)} %`
                  : p.seriesName === names.grid
                    ? formatSignedFlow('GRID', p.value[1])
                    : p.seriesName === names.battery
                      ? formatSignedFlow('BATTERY', p.value[1])
                      : formatPower(p.value[1])
              }`,
          );
          return [head, ...rows].join('<br/>');
        },
      },
      // A value axis from the plant's midnight in 3-hour steps: ticks on the plant's hours, wherever the viewer is.
      xAxis: {
        type: 'value',
        min: start,
        max: end,
        interval: 3 * 3_600_000,
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => clock.format(v), hideOverlap: true },
      },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (v: number) => formatPower(v) } },
        ...(showSoc
          ? [
              {
                type: 'value' as const,
                min: 0,
                max: 100,
                splitLine: { show: false },
                axisLabel: { formatter: '{value} %' },
              },
            ]
          : []),
      ],
      series: [
        { ...curveLine(curve, names.pv, FLOW_COLORS.pv, (p) => p.pvPower), areaStyle: { opacity: 0.12 } },
        curveLine(curve, names.load, FLOW_COLORS.load, (p) => p.loadPower),
        curveLine(curve, names.grid, FLOW_COLORS.grid, (p) => p.gridPower),
        ...(showSoc
          ? [
              curveLine(curve, names.battery, FLOW_COLORS.battery, (p) => p.batteryPower),
              {
                ...curveLine(curve, names.soc, FLOW_COLORS.battery, (p) => p.soc),
                yAxisIndex: 1,
                lineStyle: { width: 1.5, type: 'dashed' as const, color: FLOW_COLORS.battery },
              },
            ]
          : []),
      ],
    };
  }, [curve, showSoc, t, i18n.language]);

  if (!curve.points.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('plant:curve.empty')}
        data-testid="power-curve-empty"
        style={{ padding: '48px 0' }}
      />
    );
  return <EChart option={option} height={320} testId="power-curve" />;
}
