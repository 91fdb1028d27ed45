import fs from 'node:fs';
import path from 'node:path';
import { LANGS } from '@pvstar/contract/lang';
import { METRICS, metricDef } from '@pvstar/contract/metrics';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMetric, metricGroupLabel, metricLabel, metricStateLabel } from './metric-label.ts';

const localesDir = path.join(import.meta.dirname, '..', 'i18n', 'locales');
const read = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lang, 'metric.json'), 'utf8')) as Record<
    'label' | 'group' | 'state',
    Record<string, string>
  >;
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const def = (kind: Parameters<typeof metricDef>[0], key: string) => metricDef(kind, key)!;

beforeAll(async () => {
  await i18n.init({ lng: 'en-GB', fallbackLng: false, resources: {}, interpolation: { escapeValue: false } });
  for (const lang of ['en-GB', 'de-DE']) i18n.addResourceBundle(lang, 'metric', read(lang));
});

describe('metric labels', () => {
  it('label exactly the catalogue: every key, group and state, nothing else', () => {
    const keys = [...new Set(METRICS.map((m) => m.key))].sort();
    const groups = [...new Set(METRICS.map((m) => m.group))].sort();
    const states = [...new Set(METRICS.flatMap((m) => m.states ?? []))].sort();
    for (const lang of LANGS) {
      const ns = read(lang);
      expect(Object.keys(ns).sort(), lang).toEqual(['group', 'label', 'state']);
      expect(Object.keys(ns.label).sort(), lang).toEqual(keys);
      expect(Object.keys(ns.group).sort(), lang).toEqual(groups);
      expect(Object.keys(ns.state).sort(), lang).toEqual(states);
    }
  });

  it('looks labels up by key, group and state', () => {
    const t = i18n.getFixedT('de-DE');
    expect(metricLabel(t, 'phaseBVoltage')).toBe('Spannung Phase B');
    expect(metricGroupLabel(t, 'eps')).toBe('Notstrom (EPS)');
    expect(metricStateLabel(t, 'CHARGING')).toBe('Lädt');
  });

  it('formats readings with their unit, 1–2 decimals, states as labels and a dash when missing', () => {
    // A figure and its unit are parted by a no-break space: a line never breaks between them.
    expect(formatMetric(def('INVERTER', 'pvPower'), 3456, 'en-GB')).toBe('3.46\u00a0kW');
    expect(formatMetric(def('INVERTER', 'pvPower'), 850.4, 'en-GB')).toBe('850\u00a0W');
    expect(formatMetric(def('INVERTER', 'dailyGeneration'), 12.345, 'en-GB')).toBe('12.35\u00a0kWh');
    expect(formatMetric(def('INVERTER', 'phaseAVoltage'), 230.456, 'en-GB')).toBe('230.46\u00a0V');
    expect(plain(formatMetric(def('INVERTER', 'phaseAVoltage'), 230.456, 'de-DE'))).toBe('230,46 V');
    expect(formatMetric(def('BATTERY', 'soc'), 85, 'en-GB')).toBe('85\u00a0%');
    expect(formatMetric(def('HEAT_PUMP', 'flowTemperature'), 35.25, 'en-GB')).toBe('35.25\u00a0°C');
    expect(formatMetric(def('BATTERY', 'status'), 1, 'en-GB')).toBe('Charging');
    expect(formatMetric(def('BATTERY', 'status'), 1, 'de-DE')).toBe('Lädt');
    expect(formatMetric(def('EV_CHARGER', 'state'), 1, 'en-GB')).toBe('Plugged in');
    expect(formatMetric(def('BATTERY', 'status'), 99, 'en-GB')).toBe('99');
    expect(formatMetric(def('INVERTER', 'power'), undefined, 'en-GB')).toBe('—');
    expect(formatMetric(def('INVERTER', 'power'), Number.NaN, 'en-GB')).toBe('—');
  });
});
