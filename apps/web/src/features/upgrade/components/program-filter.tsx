import { type FirmwarePageBody, FirmwareStatusSchema, FirmwareTypeSchema } from '@pvstar/contract/firmware';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { useManufacturerOptions } from '../api/program-api.ts';
import { firmwareTypeLabel, programStatusLabel } from '../upgrade-labels.tsx';

/** The firmware programs' filters. */
export function ProgramFilter({ onSearch }: { onSearch: (filter: FirmwarePageBody) => void }) {
  const { t } = useTranslation();
  const manufacturers = useManufacturerOptions();
  return (
    <FilterBar<FirmwarePageBody> name="program-filter" onSearch={onSearch} testIdPrefix="program-filter">
      <Form.Item name="manufacturerId" label={t('upgrade:program.manufacturer')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('system:filter.all')}
          popupMatchSelectWidth={false}
          loading={manufacturers.isLoading}
          options={(manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          data-testid="program-filter-manufacturer"
        />
      </Form.Item>
      <Form.Item name="firmwareType" label={t('upgrade:program.firmwareType')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('system:filter.all')}
          popupMatchSelectWidth={false}
          options={FirmwareTypeSchema.options.map((value) => ({
            value,
            label: firmwareTypeLabel(t, value),
          }))}
          data-testid="program-filter-type"
        />
      </Form.Item>
      <Form.Item name="status" label={t('upgrade:program.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('system:filter.all')}
          options={FirmwareStatusSchema.options.map((value) => ({
            value,
            label: programStatusLabel(t, value),
          }))}
          data-testid="program-filter-status"
        />
      </Form.Item>
      <Form.Item name="version" label={t('upgrade:program.version')}>
        <Input allowClear maxLength={32} style={{ width: 150 }} data-testid="program-filter-version" />
      </Form.Item>
    </FilterBar>
  );
}
