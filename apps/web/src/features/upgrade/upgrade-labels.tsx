import type {
  FirmwareDescLang,
  FirmwareStatus,
  FirmwareType,
  RollbackMark,
  UpgradeDeviceStatus,
  UpgradeTaskStatus,
} from '@pvstar/contract/firmware';
import { Alert, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';

/**
 * Labels of the firmware and upgrade enumerations (namespace `upgrade`). Every key is spelled out so
 * that the unused-key check can see it.
 */
export const firmwareTypeLabel = (t: TFunction, type: FirmwareType): string =>
  ({
    INVERTER_ARM: t('upgrade:firmwareType.INVERTER_ARM'),
    INVERTER_DSP: t('upgrade:firmwareType.INVERTER_DSP'),
    DONGLE: t('upgrade:firmwareType.DONGLE'),
    BATTERY_BMS: t('upgrade:firmwareType.BATTERY_BMS'),
  })[type];

export const programStatusLabel = (t: TFunction, status: FirmwareStatus): string =>
  status === 'ENABLED' ? t('upgrade:programStatus.ENABLED') : t('upgrade:programStatus.DISABLED');

export const taskStatusLabel = (t: TFunction, status: UpgradeTaskStatus): string =>
  ({
    SCHEDULED: t('upgrade:taskStatus.SCHEDULED'),
    RUNNING: t('upgrade:taskStatus.RUNNING'),
    PAUSED: t('upgrade:taskStatus.PAUSED'),
    HALTED: t('upgrade:taskStatus.HALTED'),
    CANCELLED: t('upgrade:taskStatus.CANCELLED'),
    COMPLETED: t('upgrade:taskStatus.COMPLETED'),
  })[status];

export const TASK_STATUS_COLOR: Record<UpgradeTaskStatus, string> = {
  SCHEDULED: 'cyan',
  RUNNING: 'processing',
  PAUSED: 'warning',
  HALTED: 'error',
  CANCELLED: 'default',
  COMPLETED: 'success',
};

export const deviceStatusLabel = (t: TFunction, status: UpgradeDeviceStatus): string =>
  ({
    QUEUED: t('upgrade:deviceStatus.QUEUED'),
    SENT: t('upgrade:deviceStatus.SENT'),
    DOWNLOADING: t('upgrade:deviceStatus.DOWNLOADING'),
    SUCCEEDED: t('upgrade:deviceStatus.SUCCEEDED'),
    FAILED: t('upgrade:deviceStatus.FAILED'),
    TIMED_OUT: t('upgrade:deviceStatus.TIMED_OUT'),
    CANCELLED: t('upgrade:deviceStatus.CANCELLED'),
  })[status];

export const DEVICE_STATUS_COLOR: Record<UpgradeDeviceStatus, string> = {
  QUEUED: 'default',
  SENT: 'cyan',
  DOWNLOADING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
  TIMED_OUT: 'orange',
  CANCELLED: 'default',
};

export const descLangLabel = (t: TFunction, lang: FirmwareDescLang): string =>
  ({
    zh: t('upgrade:descLang.zh'),
    en: t('upgrade:descLang.en'),
    de: t('upgrade:descLang.de'),
    fr: t('upgrade:descLang.fr'),
    it: t('upgrade:descLang.it'),
    es: t('upgrade:descLang.es'),
    pl: t('upgrade:descLang.pl'),
  })[lang];

/** A task's status; why it halted or was cancelled shows in the tooltip. */
export function TaskStatusTag({
  status,
  reason,
  testId,
}: {
  status: UpgradeTaskStatus;
  reason?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={TASK_STATUS_COLOR[status]} data-testid={testId} data-status={status}>
      {taskStatusLabel(t, status)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

export function DeviceUpgradeTag({ status }: { status: UpgradeDeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEVICE_STATUS_COLOR[status]} data-status={status}>
      {deviceStatusLabel(t, status)}
    </Tag>
  );
}

/** "Sungrow · Inverter ARM · V1.2.3": which program a task rolls out. */
export const programName = (
  t: TFunction,
  p: { manufacturer: string; firmwareType: FirmwareType; version: string },
) => `${p.manufacturer} · ${firmwareTypeLabel(t, p.firmwareType)} · ${p.version}`;

/** Who marked a program as a rollback, when, and why. */
export const rollbackText = (t: TFunction, mark: RollbackMark) =>
  t('upgrade:program.rollbackHint', {
    by: mark.markedBy,
    at: formatDateTime(mark.markedAt),
    reason: mark.reason,
  });

/** The warning above a program or task that takes devices back to `version`: who allowed it, when, why. */
export function RollbackAlert({
  version,
  mark,
  testId,
}: {
  version: string;
  mark: RollbackMark;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('upgrade:add.rollbackAlert', { version })}
      description={rollbackText(t, mark)}
      style={{ marginBottom: 12 }}
      data-testid={testId}
    />
  );
}

/** A program (or task) a provider allowed to take devices back to an older version; the reason on hover. */
export function RollbackTag({ mark, testId }: { mark: RollbackMark | null; testId?: string }) {
  const { t } = useTranslation();
  if (!mark) return null;
  return (
    <Tooltip title={rollbackText(t, mark)}>
      <Tag color="volcano" data-testid={testId}>
        {t('upgrade:program.rollback')}
      </Tag>
    </Tooltip>
  );
}
