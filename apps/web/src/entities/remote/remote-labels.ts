import {
  type GridCode,
  PARAM_DEFS,
  type ParamChange,
  type ParamKey,
  type ParamProblem,
  type ParamValue,
  type RemoteAction,
  type RemoteAuditOutcome,
  type RemoteAuditRow,
  type RemoteAuditStep,
  type RemoteCommandStatus,
  type RemoteTab,
} from '@pvstar/contract/remote';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../components/energy-format.ts';
import { formatDuration } from '../../components/format.ts';
import { formatNumberParam, isParamKey } from './params.ts';

/**
 * Labels of the remote settings (namespace `remote`; field names come from the shared `common:field.*`).
 * Every key is spelled out so that the unused-key check can see it.
 */
export const paramLabel = (t: TFunction, key: string): string =>
  isParamKey(key) ? t(`common:field.${key}`) : key;

export const tabLabel = (t: TFunction, tab: RemoteTab | 'soon'): string =>
  ({
    grid: t('remote:tab.grid'),
    general: t('remote:tab.general'),
    activePower: t('remote:tab.activePower'),
    soon: t('remote:tab.soon'),
  })[tab];

export const sectionLabel = (t: TFunction, section: string): string =>
  (
    ({
      gridCode: t('remote:section.gridCode'),
      overVoltage: t('remote:section.overVoltage'),
      underVoltage: t('remote:section.underVoltage'),
      overFrequency: t('remote:section.overFrequency'),
      underFrequency: t('remote:section.underFrequency'),
      recovery: t('remote:section.recovery'),
      overVoltage10Min: t('remote:section.overVoltage10Min'),
      rocof: t('remote:section.rocof'),
      operation: t('remote:section.operation'),
      reactivePower: t('remote:section.reactivePower'),
      powerLimit: t('remote:section.powerLimit'),
      exportLimit: t('remote:section.exportLimit'),
    }) as Record<string, string>
  )[section] ?? section;

export const gridCodeLabel = (t: TFunction, code: GridCode): string =>
  ({
    VDE_AR_N_4105: t('remote:gridCode.VDE_AR_N_4105'),
    EN_50549_1: t('remote:gridCode.EN_50549_1'),
    CEI_0_21: t('remote:gridCode.CEI_0_21'),
    G98: t('remote:gridCode.G98'),
    G99: t('remote:gridCode.G99'),
    VDE_0126_1_1: t('remote:gridCode.VDE_0126_1_1'),
    AS_NZS_4777_2: t('remote:gridCode.AS_NZS_4777_2'),
    CUSTOM: t('remote:gridCode.CUSTOM'),
  })[code];

const optionLabels = (t: TFunction): Record<string, Record<string, string>> => ({
  powerFactorMode: {
    FIXED_PF: t('remote:powerFactorMode.FIXED_PF'),
    FIXED_Q: t('remote:powerFactorMode.FIXED_Q'),
    COS_PHI_P: t('remote:powerFactorMode.COS_PHI_P'),
    Q_U: t('remote:powerFactorMode.Q_U'),
  },
  powerFactorDirection: {
    OVER_EXCITED: t('remote:powerFactorDirection.OVER_EXCITED'),
    UNDER_EXCITED: t('remote:powerFactorDirection.UNDER_EXCITED'),
  },
});

/** The label of one option of an enum parameter (the value itself when unknown). */
export function optionLabel(t: TFunction, key: ParamKey, option: string): string {
  if (key === 'gridCode') return gridCodeLabel(t, option as GridCode) ?? option;
  return optionLabels(t)[key]?.[option] ?? option;
}

/** A value as the screens show it: with its unit, an option's label, on/off; '—' when unknown. */
export function formatParamValue(t: TFunction, key: string, value: ParamValue | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('remote:value.on') : t('remote:value.off');
  if (!isParamKey(key)) return String(value);
  if (typeof value === 'number') return formatNumberParam(key, value);
  return PARAM_DEFS[key].kind === 'enum' ? optionLabel(t, key, value) : value;
}

/** A problem of checkParamChanges as the field shows it. */
export const problemText = (t: TFunction, problem: ParamProblem): string =>
  problem.key === 'remote.order'
    ? t('common:remote.order', { other: paramLabel(t, String(problem.params.other)) })
    : t('common:validation.correctValue');

export const actionLabel = (t: TFunction, action: RemoteAction): string =>
  action === 'READ' ? t('remote:actionType.READ') : t('remote:actionType.WRITE');

export const commandStatusLabel = (t: TFunction, status: RemoteCommandStatus): string =>
  ({
    PENDING: t('remote:status.PENDING'),
    ACCEPTED: t('remote:status.ACCEPTED'),
    VERIFYING: t('remote:status.VERIFYING'),
    CONFIRMED: t('remote:status.CONFIRMED'),
    FAILED: t('remote:status.FAILED'),
    TIMED_OUT: t('remote:status.TIMED_OUT'),
  })[status];

/** What a status means for the user, worded for reads and for writes. */
export function commandStatusText(t: TFunction, action: RemoteAction, status: RemoteCommandStatus): string {
  const read = action === 'READ';
  return {
    PENDING: t('remote:statusText.PENDING'),
    ACCEPTED: t('remote:statusText.ACCEPTED'),
    VERIFYING: t('remote:statusText.VERIFYING'),
    CONFIRMED: read ? t('remote:statusText.readConfirmed') : t('remote:statusText.CONFIRMED'),
    FAILED: read ? t('remote:statusText.readFailed') : t('remote:statusText.FAILED'),
    TIMED_OUT: read ? t('remote:statusText.readTimedOut') : t('remote:statusText.TIMED_OUT'),
  }[status];
}

/** Alert types: under way blue, confirmed green, failed red, timed out orange. */
export const COMMAND_ALERT_TYPE: Record<RemoteCommandStatus, 'info' | 'success' | 'error' | 'warning'> = {
  PENDING: 'info',
  ACCEPTED: 'info',
  VERIFYING: 'info',
  CONFIRMED: 'success',
  FAILED: 'error',
  TIMED_OUT: 'warning',
};

export const auditOutcomeLabel = (t: TFunction, outcome: RemoteAuditOutcome): string =>
  ({
    REFUSED: t('remote:outcome.REFUSED'),
    SENT: t('remote:outcome.SENT'),
    ACCEPTED: t('remote:outcome.ACCEPTED'),
    CONFIRMED: t('remote:outcome.CONFIRMED'),
    FAILED: t('remote:outcome.FAILED'),
    TIMED_OUT: t('remote:outcome.TIMED_OUT'),
  })[outcome];

/**
 * The states an attempt went through, each after how long since it was sent: "Sent → Accepted → Confirmed
 * after 4 sec" (within the first second no time); empty while it has reached one only (the row's time
 * and outcome say it all).
 */
export function auditStepsText(t: TFunction, steps: RemoteAuditStep[]): string {
  if (steps.length < 2) return '';
  const sent = Date.parse(steps[0]!.at);
  return steps
    .map((s) => {
      const seconds = (Date.parse(s.at) - sent) / 1000;
      const state = auditOutcomeLabel(t, s.outcome);
      return seconds < 1 ? state : t('remote:audit.after', { state, duration: formatDuration(seconds) });
    })
    .join(' → ');
}

export const AUDIT_OUTCOME_COLOR: Record<RemoteAuditOutcome, string> = {
  REFUSED: 'magenta',
  SENT: 'processing',
  ACCEPTED: 'blue',
  CONFIRMED: 'success',
  FAILED: 'error',
  TIMED_OUT: 'warning',
};

/**
 * One change of the change log in words: "Over-voltage stage 1: 253 → 260 (V)", the number in the
 * reader's language with the parameter's decimals, an option's label, on/off; "—" for an unknown old value.
 */
export function changeText(t: TFunction, change: ParamChange): string {
  const def = isParamKey(change.key) ? PARAM_DEFS[change.key] : null;
  const unit = def?.kind === 'number' ? def.unit : '';
  const value = (v: ParamValue | null) =>
    typeof v === 'number' && def?.kind === 'number'
      ? formatNumber(v, def.decimals)
      : formatParamValue(t, change.key, v);
  return `${paramLabel(t, change.key)}: ${value(change.old)} → ${value(change.new)}${unit ? ` (${unit})` : ''}`;
}

/** Bare statuses of the protocol (cmd-result) the server keeps as the answer when the device said no more. */
const BARE_ANSWERS = new Set(['accepted', 'progress', 'succeeded', 'failed']);

/** The device's own error text, when its answer was one (not values read back, not a bare status). */
function deviceError(answer: string | null): string | null {
  const text = answer?.trim();
  return text && !text.startsWith('{') && !BARE_ANSWERS.has(text) ? text : null;
}

/** How many values an answer read back (`{"values": {...}}`), or null when it holds none. */
function valuesRead(answer: string | null): number | null {
  if (!answer?.startsWith('{')) return null;
  try {
    const values = (JSON.parse(answer) as { values?: unknown }).values;
    return values && typeof values === 'object' ? Object.keys(values).length : null;
  } catch {
    return null;
  }
}

/**
 * What came of a change-log entry, in words: confirmed by the device, refused (with its reason), timed
 * out, pending. The server keeps the device's raw answer (a status word, its error, the values as JSON);
 * the cloud's own reasons come already in the reader's language.
 */
export function auditAnswerText(
  t: TFunction,
  row: Pick<RemoteAuditRow, 'action' | 'outcome' | 'deviceAnswer' | 'reason'>,
): string {
  switch (row.outcome) {
    case 'REFUSED':
      return row.reason ?? t('remote:answer.notSent');
    case 'SENT':
      return t('remote:answer.pending');
    case 'ACCEPTED':
      return t('remote:answer.accepted');
    case 'CONFIRMED': {
      const n = row.action === 'READ' ? valuesRead(row.deviceAnswer) : null;
      return n === null ? t('remote:answer.confirmed') : t('remote:answer.readConfirmed', { n });
    }
    case 'FAILED': {
      const error = deviceError(row.deviceAnswer);
      if (error) return t('remote:answer.refused', { reason: error });
      // A bare "failed": the device gave no reason. Otherwise the cloud's (a read-back that differs).
      if (BARE_ANSWERS.has(row.deviceAnswer?.trim() ?? '')) return t('remote:answer.refusedBare');
      return row.reason ?? t('remote:answer.refusedBare');
    }
    case 'TIMED_OUT':
      return t('remote:answer.timedOut');
  }
}
