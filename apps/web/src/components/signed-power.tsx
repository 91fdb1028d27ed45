import type { FlowSign } from '@pvstar/contract/metrics';
import { Typography } from 'antd';
import i18n from '../i18n/index.ts';
import { formatNumber, formatPower, withUnitSpace } from './energy-format.ts';

/**
 * A signed power (or current) as people read it: the magnitude and the direction in words ("634 W ·
 * charging"), never a bare minus sign. The signs are the catalogue's (`flowSignOf` in the contract):
 * battery + discharging / − charging, grid + buying / − feeding in. One formatter for every page: device
 * lists, real-time values, charts' tooltips and the power flows.
 */

/** Below this a flow counts as none (a few watts of standby or rounding). */
export const QUIET_W = 5;

export type FlowDirection = 'charging' | 'discharging' | 'buying' | 'feedingIn' | 'idle';

/** Which way `value` flows under `sign`; `idle` within QUIET_W (watts) or `quiet` (another unit) of 0. */
export function flowDirection(sign: FlowSign, value: number, quiet = QUIET_W): FlowDirection {
  if (Math.abs(value) < quiet) return 'idle';
  if (sign === 'BATTERY') return value > 0 ? 'discharging' : 'charging';
  return value > 0 ? 'buying' : 'feedingIn';
}

/** The direction in words in the user's language (or `lang`). */
export const flowDirectionLabel = (direction: FlowDirection, lang?: string): string =>
  i18n.t(`monitor:direction.${direction}`, lang ? { lng: lang } : undefined);

/** "634 W · charging"; '—' for a missing value. `unit` 'A' for a current (quiet below 0.05 A). */
export function formatSignedFlow(
  sign: FlowSign,
  value: number | null | undefined,
  unit: 'W' | 'A' = 'W',
  lang = i18n.language || 'de-DE',
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const direction = flowDirection(sign, value, unit === 'W' ? QUIET_W : 0.05);
  const magnitude =
    unit === 'W'
      ? formatPower(Math.abs(value), lang)
      : withUnitSpace(formatNumber(Math.abs(value), 2, lang), 'A');
  return `${magnitude} · ${flowDirectionLabel(direction, lang)}`;
}

/**
 * A table cell or figure: the magnitude, then the direction in words in secondary text; greyed when the
 * value is not current (`stale`).
 */
export function SignedPower({
  sign,
  watts,
  stale = false,
}: {
  sign: FlowSign;
  watts: number | null | undefined;
  stale?: boolean;
}) {
  if (watts === null || watts === undefined || !Number.isFinite(watts))
    return <Typography.Text type="secondary">—</Typography.Text>;
  const direction = flowDirection(sign, watts);
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="signed-power" data-direction={direction}>
      <Typography.Text type={stale ? 'secondary' : undefined}>{formatPower(Math.abs(watts))}</Typography.Text>
      <Typography.Text type="secondary">{` · ${flowDirectionLabel(direction)}`}</Typography.Text>
    </span>
  );
}
