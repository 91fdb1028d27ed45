import { PLANT_STATUSES, STATION_TYPES } from '@pvstar/contract/enum-values';
import type { StationPageBody } from '@pvstar/contract/station';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterOrg, FilterText } from '../../../components/filter-bar.tsx';
import { plantStatusLabel, stationTypeLabel } from '../../../components/monitor-labels.ts';
import { usePlantOrgTree } from '../api/plant-api.ts';

/** The plant list's filters. */
export function PlantFilter({ onSearch }: { onSearch: (filter: StationPageBody) => void }) {
  const { t } = useTranslation();
  const orgTree = usePlantOrgTree();
  return (
    <FilterBar<StationPageBody> name="station-filter" onSearch={onSearch}>
      <FilterText
        name="stationName"
        label={t('plant:field.stationName')}
        width={170}
        testId="filter-stationName"
      />
      <FilterText name="stationNo" label={t('plant:field.stationNo')} width={150} testId="filter-stationNo" />
      <FilterChoice
        name="stationType"
        label={t('plant:field.stationType')}
        width={160}
        options={STATION_TYPES.map((v) => ({ value: v, label: stationTypeLabel(t, v) }))}
      />
      <FilterChoice
        name="status"
        label={t('plant:field.status')}
        width={130}
        options={PLANT_STATUSES.map((v) => ({ value: v, label: plantStatusLabel(t, v) }))}
        testId="filter-status"
      />
      <FilterOrg label={t('plant:field.orgId')} width={200} tree={orgTree.data} />
      <FilterText name="ownerName" label={t('plant:field.ownerName')} width={150} />
    </FilterBar>
  );
}
