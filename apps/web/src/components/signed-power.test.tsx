import { metricDef } from '@pvstar/contract/metrics';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/index.ts';
import { renderWithApp } from '../test/render.tsx';
import { formatMetric } from './metric-label.ts';
import { PowerFlowDiagram } from './power-flow.tsx';
import { formatSignedFlow } from './signed-power.tsx';

// Intl puts a narrow no-break space in some languages; compare on plain spaces.
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('signed power', () => {
  beforeAll(async () => {
    await renderWithApp(<span />);
    for (const lang of ['de-DE', 'zh-CN'] as const) await loadLanguage(lang);
  });

  it('says the direction in words beside the magnitude, never a bare minus', () => {
    expect(plain(formatSignedFlow('BATTERY', -634, 'W', 'en-GB'))).toBe('634 W · Charging');
    expect(plain(formatSignedFlow('BATTERY', 1250, 'W', 'de-DE'))).toBe('1,25 kW · Entlädt');
    expect(plain(formatSignedFlow('GRID', -300, 'W', 'en-GB'))).toBe('300 W · Feeding in');
    expect(plain(formatSignedFlow('GRID', 2, 'W', 'zh-CN'))).toBe('2 W · 空闲');
    expect(formatSignedFlow('GRID', null)).toBe('—');
  });

  it('formats the catalogue’s signed metrics that way (real-time tab, device detail, history)', () => {
    const battery = metricDef('BATTERY', 'power')!;
    expect(plain(formatMetric(battery, -529, 'en-GB'))).toBe('529 W · Charging');
    expect(plain(formatMetric(metricDef('INVERTER', 'gridPower')!, 800, 'en-GB'))).toBe('800 W · Buying');
    expect(plain(formatMetric(metricDef('BATTERY', 'current')!, -1.5, 'en-GB'))).toBe('1.5 A · Charging');
    // Unsigned power stays as it was.
    expect(plain(formatMetric(metricDef('INVERTER', 'pvPower')!, 3000, 'en-GB'))).toBe('3 kW');
  });

  it('writes the power flow’s battery and grid the same way', async () => {
    await renderWithApp(
      <PowerFlowDiagram
        flow={{
          ts: '2026-11-15T10:59:30Z',
          pvPower: 3000,
          gridPower: -500,
          loadPower: 1500,
          batteryPower: -634,
          soc: null,
        }}
        hasBattery
        noLive="—"
      />,
    );
    expect(plain(screen.getByTestId('flow-value-battery').textContent)).toBe('634 W');
    expect(screen.getByTestId('flow-node-battery').textContent).toContain('Charging');
    expect(screen.getByTestId('flow-node-grid').textContent).toContain('Feeding in');
  });
});
