import type { DeviceStatus, PlantStatus } from '@pvstar/contract/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_STATUS_COLOR,
  deviceStatusLabel,
  PLANT_STATUS_COLOR,
  plantStatusLabel,
} from './monitor-labels.ts';

/**
 * A plant's status; `neverConnected` (offline, no dongle ever reported) reads "not connected yet";
 * `commissioning` (added, its checklist not completed) adds a tag of its own beside the live status.
 */
export function PlantStatusTag({
  status,
  neverConnected,
  commissioning,
}: {
  status: PlantStatus;
  neverConnected?: boolean;
  commissioning?: boolean;
}) {
  const { t } = useTranslation();
  const live = neverConnected ? (
    <Tag color="default" data-testid="plant-status" data-status="NOT_CONNECTED">
      {t('monitor:plantStatus.NOT_CONNECTED')}
    </Tag>
  ) : (
    <Tag color={PLANT_STATUS_COLOR[status]} data-testid="plant-status" data-status={status}>
      {plantStatusLabel(t, status)}
    </Tag>
  );
  if (!commissioning) return live;
  return (
    <>
      {live}
      <Tag color="blue" data-testid="plant-commissioning">
        {t('monitor:plantStatus.COMMISSIONING')}
      </Tag>
    </>
  );
}

export function DeviceStatusTag({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEVICE_STATUS_COLOR[status]} data-testid="device-status" data-status={status}>
      {deviceStatusLabel(t, status)}
    </Tag>
  );
}
