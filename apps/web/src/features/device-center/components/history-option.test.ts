import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultMetrics, historyOption } from './history-option.ts';

const t = ((key: string) => key) as unknown as TFunction;
type Axis = { name: string; position: string; max?: number };
type Series = { yAxisIndex: number; data: [number, number | null][]; step?: string };

describe('device history chart', () => {
  const at = (hhmm: string) => Date.parse(`2025-06-15T${hhmm}:00Z`);
  const option = historyOption(t, 'en-GB', 'BATTERY', {
    date: '2025-06-15',
    timezone: 'Europe/Berlin',
    series: [
      {
        metric: 'power',
        unit: 'W',
        points: [
          [at('08:00'), 100],
          [at('08:05'), 200],
          [at('09:00'), 50],
        ],
      },
      { metric: 'soc', unit: '%', points: [[at('08:00'), 50]] },
      { metric: 'status', unit: '', points: [[at('08:00'), 1]] },
    ],
    setAside: [],
  });

  it('gives each unit and each state metric an axis of its own', () => {
    const axes = option.yAxis as Axis[];
    expect(axes.map((a) => a.name)).toEqual(['W', '%', 'metric:label.status']);
    expect(axes.map((a) => a.position)).toEqual(['left', 'right', 'left']);
    expect(axes[2]!.max).toBe(5);
    const series = option.series as Series[];
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 1, 2]);
    expect(series[2]!.step).toBe('end');
  });

  it('draws on the plant’s local day and breaks the line over a gap', () => {
    const axis = option.xAxis as { min: number; max: number };
    expect(new Date(axis.min).toISOString()).toBe('2025-06-15T00:00:00.000Z');
    expect(axis.max - axis.min).toBe(24 * 3600_000);
    const [power] = option.series as Series[];
    // 08:00 UTC is 10:00 in Berlin; the 55-minute gap gets a break after 10:05.
    expect(power!.data.map(([ts, v]) => [new Date(ts).toISOString().slice(11, 16), v])).toEqual([
      ['10:00', 100],
      ['10:05', 200],
      ['10:10', null],
      ['11:00', 50],
    ]);
  });

  it('starts an inverter on its plant type’s power flows', () => {
    expect(defaultMetrics('INVERTER', 'ENERGY_STORAGE', 'THREE_PHASE')).toEqual([
      'pvPower',
      'gridPower',
      'loadPower',
      'batteryPower',
    ]);
    expect(defaultMetrics('INVERTER', 'BALCONY_PHOTOVOLTAICS', null)).toEqual(['pvPower']);
    expect(defaultMetrics('BATTERY', 'ENERGY_STORAGE', null)).toEqual(['power', 'soc']);
  });
});

describe('set-aside readings on the history chart', () => {
  const at = (hhmm: string) => Date.parse(`2026-06-21T${hhmm}:00Z`);
  const option = historyOption(t, 'en-GB', 'INVERTER', {
    date: '2026-06-21',
    timezone: 'UTC',
    series: [
      { metric: 'power', unit: 'W', points: [[at('10:00'), 1200]] },
      {
        metric: 'totalGeneration',
        unit: 'kWh',
        points: [
          [at('10:00'), 1025.465],
          [at('10:10'), 1025.47],
          [at('10:20'), 1025.59],
        ],
      },
    ],
    setAside: [
      { ts: at('10:05'), counter: 'totalGeneration', value: 1025.4548, reason: 'DIP', decision: null },
      {
        ts: at('10:15'),
        counter: 'totalGeneration',
        value: 999_000_000,
        reason: 'JUMP',
        decision: 'REJECTED',
      },
    ],
  });
  type Marker = { value: [number, number]; symbol: string; itemStyle: { color: string } };
  const series = option.series as (Series & { name: string; data: unknown[] })[];

  it('marks them beside their counter’s line, on its axis, a far one at the edge as an arrow', () => {
    expect(series).toHaveLength(3);
    const markers = series[2]! as (typeof series)[number] & { lineStyle: { opacity: number } };
    expect(markers.lineStyle.opacity).toBe(0);
    expect(markers.name).toBe('device:history.setAside');
    expect(markers.yAxisIndex).toBe(series[1]!.yAxisIndex);
    const [dip, jump] = markers.data as Marker[];
    // The dip lies by the line: where it is. The jump would flatten the line: drawn just above it.
    expect(dip).toMatchObject({ value: [at('10:05'), 1025.4548], symbol: 'diamond' });
    expect(jump!.symbol).toBe('triangle');
    expect(jump!.value[1]).toBeGreaterThan(1025.59);
    expect(jump!.value[1]).toBeLessThan(1027);
    expect(dip!.itemStyle.color).not.toBe(jump!.itemStyle.color);
  });

  it('names the reason, the decision and the true value in the tooltip near its time only', () => {
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const near = formatter([
      { seriesIndex: 1, value: [at('10:15'), 1025.47], marker: '' },
      { seriesIndex: 2, dataIndex: 1, value: [at('10:15'), 1026], marker: '' },
    ]);
    expect(near).toContain('device:history.setAsideAt: <b>999,000,000 kWh</b>');
    const far = formatter([
      { seriesIndex: 1, value: [at('10:00'), 1025.465], marker: '' },
      { seriesIndex: 2, dataIndex: 1, value: [at('10:15'), 1026], marker: '' },
    ]);
    expect(far).not.toContain('setAsideAt');
  });
});
