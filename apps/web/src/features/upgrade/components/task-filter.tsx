import {
  FirmwareTypeSchema,
  type UpgradeTaskPageBody,
  UpgradeTaskStatusSchema,
} from '@pvstar/contract/firmware';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { firmwareTypeLabel, taskStatusLabel } from '../upgrade-labels.tsx';

/** The upgrade tasks' filters. */
export function TaskFilter({ onSearch }: { onSearch: (filter: UpgradeTaskPageBody) => void }) {
  const { t } = useTranslation();
  return (
    <FilterBar<UpgradeTaskPageBody> name="task-filter" onSearch={onSearch} testIdPrefix="task-filter">
      <Form.Item name="name" label={t('upgrade:task.name')}>
        <Input allowClear maxLength={64} style={{ width: 180 }} data-testid="task-filter-name" />
      </Form.Item>
      <Form.Item name="status" label={t('upgrade:task.status')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('system:filter.all')}
          popupMatchSelectWidth={false}
          options={UpgradeTaskStatusSchema.options.map((value) => ({
            value,
            label: taskStatusLabel(t, value),
          }))}
          data-testid="task-filter-status"
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
          data-testid="task-filter-type"
        />
      </Form.Item>
    </FilterBar>
  );
}
