import { PLANT_STATUSES, STATION_TYPES } from '@pvstar/contract/enum-values';
import type { StationPageBody } from '@pvstar/contract/station';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { plantStatusLabel, stationTypeLabel } from '../../../components/monitor-labels.ts';
import { toOrgSelectData } from '../../../components/org-tree.ts';
import { usePlantOrgTree } from '../api/plant-api.ts';

/** The plant list's filters. */
export function PlantFilter({ onSearch }: { onSearch: (filter: StationPageBody) => void }) {
  const { t } = useTranslation();
  const orgTree = usePlantOrgTree();
  return (
    <FilterBar<StationPageBody> name="station-filter" onSearch={onSearch}>
      <Form.Item name="stationName" label={t('plant:field.stationName')}>
        <Input allowClear style={{ width: 170 }} data-testid="filter-stationName" />
      </Form.Item>
      <Form.Item name="stationNo" label={t('plant:field.stationNo')}>
        <Input allowClear style={{ width: 150 }} data-testid="filter-stationNo" />
      </Form.Item>
      <Form.Item name="stationType" label={t('plant:field.stationType')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('system:filter.all')}
          popupMatchSelectWidth={false}
          options={STATION_TYPES.map((v) => ({ value: v, label: stationTypeLabel(t, v) }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('plant:field.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('system:filter.all')}
          options={PLANT_STATUSES.map((v) => ({ value: v, label: plantStatusLabel(t, v) }))}
          data-testid="filter-status"
        />
      </Form.Item>
      <Form.Item name="orgId" label={t('plant:field.orgId')}>
        <TreeSelect
          allowClear
          style={{ width: 200 }}
          treeData={toOrgSelectData(orgTree.data ?? [])}
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          popupMatchSelectWidth={false}
          placeholder={t('system:filter.all')}
        />
      </Form.Item>
      <Form.Item name="ownerName" label={t('plant:field.ownerName')}>
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
    </FilterBar>
  );
}
