import type { DeviceStatus, PlantStatus } from '@pvstar/contract/enums';
import { Flex, Tag } from 'antd';
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
  stacked,
}: {
  status: PlantStatus;
  neverConnected?: boolean;
  commissioning?: boolean;
  /** The commissioning tag under the status, not beside it (a list's column stays as narrow as before). */
  stacked?: boolean;
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
  const tag = (
    <Tag color="blue" data-testid="plant-commissioning">
      {t('monitor:plantStatus.COMMISSIONING')}
    </Tag>
  );
  return stacked ? (
    <Flex vertical gap={4} align="flex-start">
      {live}
      {tag}
    </Flex>
  ) : (
    <>
      {live}
      {tag}
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
