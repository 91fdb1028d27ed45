import type { ReadingDecisionKind, SetAsideReason } from '@pvstar/contract/reading-quality';
import type { TFunction } from 'i18next';

/** Words of the set-aside readings (decision 031), for the list and the chart. */

/** Every key spelled out, so that the unused-key check sees them. */
export const setAsideReasonLabel = (t: TFunction, reason: SetAsideReason): string =>
  ({
    JUMP: t('device:setAside.reason.JUMP'),
    DROP: t('device:setAside.reason.DROP'),
    DIP: t('device:setAside.reason.DIP'),
    ZERO: t('device:setAside.reason.ZERO'),
    BEFORE_PLANT: t('device:setAside.reason.BEFORE_PLANT'),
  })[reason];

export const reasonHelp = (t: TFunction, reason: SetAsideReason): string =>
  ({
    JUMP: t('device:setAside.reasonHelp.JUMP'),
    DROP: t('device:setAside.reasonHelp.DROP'),
    DIP: t('device:setAside.reasonHelp.DIP'),
    ZERO: t('device:setAside.reasonHelp.ZERO'),
    BEFORE_PLANT: t('device:setAside.reasonHelp.BEFORE_PLANT'),
  })[reason];

export const decisionLabel = (t: TFunction, decision: ReadingDecisionKind | null): string =>
  decision === 'ACCEPTED'
    ? t('device:setAside.decision.ACCEPTED')
    : decision === 'REJECTED'
      ? t('device:setAside.decision.REJECTED')
      : t('device:setAside.decision.none');
