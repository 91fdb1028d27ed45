import type { DeviceStatus, PlantStatus } from '@pvstar/contract/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_STATUS_COLOR,
  deviceStatusLabel,
  PLANT_STATUS_COLOR,
  plantStatusLabel,
} from './monitor-labels.ts';

export function PlantStatusTag({ status }: { status: PlantStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={PLANT_STATUS_COLOR[status]} data-testid="plant-status" data-status={status}>
      {plantStatusLabel(t, status)}
    </Tag>
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
