import type { Lang } from '@pvstar/contract/lang';
import { flowSignOf, type MetricDef } from '@pvstar/contract/metrics';
import type { TFunction } from 'i18next';
import i18n from '../i18n/index.ts';
import { formatEnergy, formatNumber, formatPower, withUnitSpace } from './energy-format.ts';
import { formatSignedFlow } from './signed-power.tsx';

/**
 * Labels of the telemetry catalogue (namespace `metric`, one label per key across device kinds).
 * The keys come from the contract's METRICS, so they are looked up dynamically; the i18n test checks
 * the namespace against the catalogue instead of the source text.
 */
export const metricLabel = (t: TFunction, key: string): string => t(`metric:label.${key}`);

export const metricGroupLabel = (t: TFunction, group: string): string => t(`metric:group.${group}`);

export const metricStateLabel = (t: TFunction, value: string): string => t(`metric:state.${value}`);

/** A label with its unit for axes and legends: "PV power (W)". */
export const metricLabelWithUnit = (t: TFunction, def: Pick<MetricDef, 'key' | 'unit'>): string =>
  def.unit ? `${metricLabel(t, def.key)} (${def.unit})` : metricLabel(t, def.key);

/** The state a state metric's code stands for, or undefined for an unknown code. */
export const metricStateOf = (def: MetricDef, value: number | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : def.states?.[Math.round(value)];

/**
 * A reading as the user's language writes it: power and energy scaled (850 W, 3.45 kW, 1.2 MWh), a
 * signed power or current as its magnitude and direction ("634 W · charging"),
 * everything else with at most two decimals and its unit; state codes as their label; '—' when missing.
 */
export function formatMetric(
  def: MetricDef,
  value: number | null | undefined,
  lang: Lang | string = i18n.language || 'de-DE',
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (def.type === 'state') {
    const state = metricStateOf(def, value);
    return state ? i18n.t(`metric:state.${state}`, { lng: lang }) : String(value);
  }
  const sign = flowSignOf(def);
  if (sign && (def.unit === 'W' || def.unit === 'A')) return formatSignedFlow(sign, value, def.unit, lang);
  if (def.unit === 'W') return formatPower(value, lang);
  if (def.unit === 'kWh') return formatEnergy(value, lang);
  const number = formatNumber(value, 2, lang);
  return def.unit ? withUnitSpace(number, def.unit) : number;
}
