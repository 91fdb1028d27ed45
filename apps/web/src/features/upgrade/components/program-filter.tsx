import { type FirmwarePageBody, FirmwareStatusSchema, FirmwareTypeSchema } from '@pvstar/contract/firmware';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterText } from '../../../components/filter-bar.tsx';
import { useManufacturerOptions } from '../api/program-api.ts';
import { firmwareTypeLabel, programStatusLabel } from '../upgrade-labels.tsx';

/** The firmware programs' filters. */
export function ProgramFilter({ onSearch }: { onSearch: (filter: FirmwarePageBody) => void }) {
  const { t } = useTranslation();
  const manufacturers = useManufacturerOptions();
  return (
    <FilterBar<FirmwarePageBody> name="program-filter" onSearch={onSearch} testIdPrefix="program-filter">
      <FilterChoice
        name="manufacturerId"
        label={t('upgrade:program.manufacturer')}
        width={180}
        options={(manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        searchable
        loading={manufacturers.isLoading}
        testId="program-filter-manufacturer"
      />
      <FilterChoice
        name="firmwareType"
        label={t('upgrade:program.firmwareType')}
        width={160}
        values={FirmwareTypeSchema.options}
        labelOf={(value) => firmwareTypeLabel(t, value)}
        testId="program-filter-type"
      />
      <FilterChoice
        name="status"
        label={t('upgrade:program.status')}
        width={130}
        values={FirmwareStatusSchema.options}
        labelOf={(value) => programStatusLabel(t, value)}
        testId="program-filter-status"
      />
      <FilterText
        name="version"
        label={t('upgrade:program.version')}
        width={150}
        maxLength={32}
        testId="program-filter-version"
      />
    </FilterBar>
  );
}
