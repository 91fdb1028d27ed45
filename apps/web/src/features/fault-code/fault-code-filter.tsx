import { ALARM_LEVELS } from '@pvstar/contract/enum-values';
import { type FaultCodePageBody, FaultDeviceTypeSchema } from '@pvstar/contract/fault-code';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/filter-bar.tsx';
import { deviceKindLabel } from '../../components/monitor-labels.ts';
import { alarmLevelLabel } from '../../entities/alarm/alarm-labels.ts';

/** The fault code library's filters. */
export function FaultCodeFilter({ onSearch }: { onSearch: (filter: FaultCodePageBody) => void }) {
  const { t } = useTranslation();
  return (
    <FilterBar<FaultCodePageBody> name="fault-code-filter" onSearch={onSearch}>
      <Form.Item name="faultCode" label={t('faultCode:code')}>
        <Input allowClear style={{ width: 160 }} data-testid="filter-code" />
      </Form.Item>
      <Form.Item name="deviceType" label={t('faultCode:deviceType')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('faultCode:all')}
          data-testid="filter-device-type"
          options={FaultDeviceTypeSchema.options.map((value) => ({
            value,
            label: deviceKindLabel(t, value),
          }))}
        />
      </Form.Item>
      <Form.Item name="alarmLevel" label={t('faultCode:alarmLevel')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('faultCode:all')}
          data-testid="filter-level"
          options={ALARM_LEVELS.map((value) => ({
            value,
            label: alarmLevelLabel(t, value),
          }))}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('faultCode:keyword')}>
        <Input allowClear style={{ width: 200 }} data-testid="filter-keyword" />
      </Form.Item>
    </FilterBar>
  );
}
