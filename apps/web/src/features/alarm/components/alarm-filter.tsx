import {
  type AlarmLevelGroup,
  AlarmLevelGroupSchema,
  type AlarmStatus,
  AlarmStatusSchema,
} from '@pvstar/contract/alarm';
import { type FaultDeviceType, FaultDeviceTypeSchema } from '@pvstar/contract/fault-code';
import type { FormInstance } from 'antd';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeField } from '../../../components/date-range.tsx';
import { FilterBar, FilterChoice, FilterText } from '../../../components/filter-bar.tsx';
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
      <FilterChoice
        name="levelGroup"
        label={t('alarm:filter.level')}
        width={130}
        values={AlarmLevelGroupSchema.options}
        labelOf={(value) => alarmGroupLabel(t, value)}
        testId="alarm-filter-level"
      />
      <FilterChoice
        name="alarmStatus"
        label={t('alarm:filter.status')}
        width={130}
        values={AlarmStatusSchema.options}
        labelOf={(value) => alarmStatusLabel(t, value)}
        testId="alarm-filter-status"
      />
      <FilterChoice
        name="acknowledged"
        label={t('alarm:filter.acknowledged')}
        width={160}
        values={['yes', 'no'] as const}
        labelOf={(value) => (value === 'yes' ? t('alarm:filter.ackYes') : t('alarm:filter.ackNo'))}
        testId="alarm-filter-acknowledged"
      />
      <FilterText
        name="stationName"
        label={t('alarm:column.plant')}
        width={170}
        maxLength={100}
        placeholder={t('alarm:filter.plantHint')}
        testId="alarm-filter-plant"
      />
      <FilterChoice
        name="deviceType"
        label={t('alarm:column.deviceType')}
        width={150}
        values={FaultDeviceTypeSchema.options}
        labelOf={(value) => deviceKindLabel(t, value)}
        testId="alarm-filter-device-type"
      />
      <FilterText
        name="faultCode"
        label={t('alarm:column.faultCode')}
        width={150}
        maxLength={32}
        testId="alarm-filter-code"
      />
      <FilterText
        name="sn"
        label={t('alarm:column.sn')}
        width={170}
        maxLength={32}
        testId="alarm-filter-sn"
      />
      <Form.Item name="range" label={t('alarm:filter.period')} tooltip={t('alarm:filter.periodHint')}>
        <PeriodField />
      </Form.Item>
    </FilterBar>
  );
}
