import {
  type AlarmLevelGroup,
  AlarmLevelGroupSchema,
  type AlarmStatus,
  AlarmStatusSchema,
} from '@pvstar/contract/alarm';
import { type FaultDeviceType, FaultDeviceTypeSchema } from '@pvstar/contract/fault-code';
import type { FormInstance } from 'antd';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeField } from '../../../components/date-range.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { deviceKindLabel } from '../../../components/monitor-labels.ts';
import { alarmGroupLabel, alarmStatusLabel } from '../../../entities/alarm/alarm-labels.ts';

export interface FilterValues {
  levelGroup?: AlarmLevelGroup;
  alarmStatus?: AlarmStatus;
  acknowledged?: 'yes' | 'no';
  stationName?: string;
  deviceType?: FaultDeviceType;
  faultCode?: string;
  sn?: string;
  /** Empty: any period (the bell's filter counts over all time). */
  range?: DateRange | null;
}

/** The period field inside the filter form (the form hands it value and onChange); empty is all time. */
function PeriodField({
  value,
  onChange,
}: {
  value?: DateRange | null;
  onChange?: (range: DateRange | null) => void;
}) {
  return (
    <DateRangeField
      value={value ?? null}
      onChange={(range) => onChange?.(range)}
      onClear={() => onChange?.(null)}
      testId="alarm-filter-range"
    />
  );
}

/** The alert center's filters (requirements §R7.4). */
export function AlarmFilter({
  form,
  initialValues,
  onSearch,
}: {
  form: FormInstance<FilterValues>;
  initialValues: Partial<FilterValues>;
  onSearch: (values: Partial<FilterValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterBar<FilterValues>
      name="alarm-filter"
      form={form}
      initialValues={initialValues}
      onSearch={onSearch}
      testIdPrefix="alarm"
    >
      <Form.Item name="levelGroup" label={t('alarm:filter.level')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('system:filter.all')}
          data-testid="alarm-filter-level"
          options={AlarmLevelGroupSchema.options.map((value) => ({
            value,
            label: alarmGroupLabel(t, value),
          }))}
        />
      </Form.Item>
      <Form.Item name="alarmStatus" label={t('alarm:filter.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('system:filter.all')}
          data-testid="alarm-filter-status"
          options={AlarmStatusSchema.options.map((value) => ({
            value,
            label: alarmStatusLabel(t, value),
          }))}
        />
      </Form.Item>
      <Form.Item name="acknowledged" label={t('alarm:filter.acknowledged')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('system:filter.all')}
          data-testid="alarm-filter-acknowledged"
          options={[
            { value: 'yes', label: t('alarm:filter.ackYes') },
            { value: 'no', label: t('alarm:filter.ackNo') },
          ]}
        />
      </Form.Item>
      <Form.Item name="stationName" label={t('alarm:column.plant')}>
        <Input
          allowClear
          maxLength={100}
          style={{ width: 170 }}
          placeholder={t('alarm:filter.plantHint')}
          data-testid="alarm-filter-plant"
        />
      </Form.Item>
      <Form.Item name="deviceType" label={t('alarm:column.deviceType')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('system:filter.all')}
          data-testid="alarm-filter-device-type"
          popupMatchSelectWidth={false}
          options={FaultDeviceTypeSchema.options.map((value) => ({
            value,
            label: deviceKindLabel(t, value),
          }))}
        />
      </Form.Item>
      <Form.Item name="faultCode" label={t('alarm:column.faultCode')}>
        <Input allowClear maxLength={32} style={{ width: 150 }} data-testid="alarm-filter-code" />
      </Form.Item>
      <Form.Item name="sn" label={t('alarm:column.sn')}>
        <Input allowClear maxLength={32} style={{ width: 170 }} data-testid="alarm-filter-sn" />
      </Form.Item>
      <Form.Item name="range" label={t('alarm:filter.period')} tooltip={t('alarm:filter.periodHint')}>
        <PeriodField />
      </Form.Item>
    </FilterBar>
  );
}
