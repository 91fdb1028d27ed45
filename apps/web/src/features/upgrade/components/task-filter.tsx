import {
  FirmwareTypeSchema,
  type UpgradeTaskPageBody,
  UpgradeTaskStatusSchema,
} from '@pvstar/contract/firmware';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterText } from '../../../components/filter-bar.tsx';
import { firmwareTypeLabel, taskStatusLabel } from '../upgrade-labels.tsx';

/** The upgrade tasks' filters. */
export function TaskFilter({ onSearch }: { onSearch: (filter: UpgradeTaskPageBody) => void }) {
  const { t } = useTranslation();
  return (
    <FilterBar<UpgradeTaskPageBody> name="task-filter" onSearch={onSearch} testIdPrefix="task-filter">
      <FilterText
        name="name"
        label={t('upgrade:task.name')}
        width={180}
        maxLength={64}
        testId="task-filter-name"
      />
      <FilterChoice
        name="status"
        label={t('upgrade:task.status')}
        width={140}
        values={UpgradeTaskStatusSchema.options}
        labelOf={(value) => taskStatusLabel(t, value)}
        testId="task-filter-status"
      />
      <FilterChoice
        name="firmwareType"
        label={t('upgrade:program.firmwareType')}
        width={160}
        values={FirmwareTypeSchema.options}
        labelOf={(value) => firmwareTypeLabel(t, value)}
        testId="task-filter-type"
      />
    </FilterBar>
  );
}
