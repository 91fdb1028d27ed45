import {
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  InfoCircleOutlined,
  PlusOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { plant } from '@pvstar/contract/endpoints/plant';
import { PLANT_STATUSES, STATION_TYPES } from '@pvstar/contract/enum-values';
import { PERM } from '@pvstar/contract/perm';
import type { StationPageBody, StationRow, StationSort } from '@pvstar/contract/station';
import {
  Button,
  Form,
  Input,
  Segmented,
  Select,
  Skeleton,
  Space,
  type TableColumnsType,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { formatCapacity, formatEnergy, formatPower } from '../../components/energy-format.ts';
import { FilterBar } from '../../components/filter-bar.tsx';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { plantStatusLabel, stationTypeLabel } from '../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../components/monitor-tags.tsx';
import { toOrgSelectData } from '../../components/org-tree.ts';
import { plantLinks } from '../../components/page-links.ts';
import { PageTable, sortable } from '../../components/page-table.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import { useCanManage } from '../../permissions/use-can-manage.ts';
import { usePlantKpi, usePlantOrgTree } from './api/plant-api.ts';
import { PlantDeleteModal } from './components/plant-delete-modal.tsx';
import { PlantKpis } from './components/plant-kpis.tsx';
import { specificYieldColumns } from './components/specific-yield-columns.tsx';

// Leaflet loads only when the map is shown.
const FleetMap = lazyRetrying(() =>
  import('../../entities/plant/fleet-map.tsx').then((m) => ({ default: m.FleetMap })),
);
type View = 'list' | 'map';

/** Plant center → plants (2001001): KPIs, filters and the plants within the caller's scope. */
export default function PlantListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The view is in the address, so that going back from a plant opens the map again.
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'map' ? 'map' : 'list';
  const setView = (v: View) =>
    setParams(
      (p) => {
        if (v === 'map') p.set('view', 'map');
        else p.delete('view');
        return p;
      },
      { replace: true },
    );
  const [filter, setFilter] = useState<StationPageBody>({});
  const [deleting, setDeleting] = useState<StationRow | null>(null);
  const kpi = usePlantKpi(filter);
  const orgTree = usePlantOrgTree();
  const canDetail = usePerm([PERM.stationDetail]);
  const canAdd = useCanManage([PERM.stationAdd]);
  const canEdit = useCanManage([PERM.stationEdit]) && canAdd;
  const canDelete = useCanManage([PERM.stationDelete]);

  const columns: TableColumnsType<StationRow> = [
    {
      title: t('plant:field.stationName'),
      dataIndex: 'stationName',
      fixed: 'left',
      ...sortable<StationSort>('stationName'),
      // The plant number and type beneath the name (and the owner beneath the organisation): as columns
      // of their own the row overflowed a 1440 px screen and the last columns hid under the actions.
      render: (name: string, row) => (
        <>
          <EllipsisText
            text={name}
            maxWidth={140}
            link={canDetail ? plantLinks.detail(row.id) : undefined}
            testId="station-link"
          />
          <Typography.Text
            type="secondary"
            style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}
            data-testid="station-no"
          >
            {row.stationNo} · {stationTypeLabel(t, row.stationType)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('plant:field.status'),
      dataIndex: 'status',
      ...sortable<StationSort>('status', 'descend'),
      render: (v: StationRow['status'], row) => (
        <PlantStatusTag
          status={v}
          neverConnected={row.neverConnected}
          commissioning={row.commissioning}
          stacked
        />
      ),
    },
    {
      // A width lets the long headers of the figures wrap ("Installierte / PV-Leistung"): on one line
      // they pushed the last column under the actions at 1440 px.
      title: t('plant:field.installedCapacity'),
      dataIndex: 'installedCapacity',
      align: 'right',
      width: 110,
      ...sortable<StationSort>('installedCapacity', 'descend'),
      render: (v: number) => formatCapacity(v, 'kWp'),
    },
    {
      title: t('plant:field.currentPower'),
      dataIndex: 'currentPower',
      align: 'right',
      width: 110,
      ...sortable<StationSort>('currentPower', 'descend'),
      render: (v: number) => formatPower(v),
    },
    {
      title: t('plant:field.todayGeneration'),
      dataIndex: 'todayGeneration',
      align: 'right',
      width: 100,
      ...sortable<StationSort>('todayGeneration', 'descend'),
      render: (v: number) => formatEnergy(v),
    },
    specificYieldColumns(t),
    {
      title: (
        <>
          {t('plant:field.orgId')}
          <br />
          {t('plant:field.ownerName')}
        </>
      ),
      dataIndex: 'orgName',
      render: (v: string, row) => (
        <>
          <EllipsisText text={v} maxWidth={120} />
          {row.ownerName && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.ownerName }}
              style={{ display: 'block', fontSize: 12, maxWidth: 120 }}
              data-testid="station-owner"
            >
              {row.ownerName}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      // The date says the rest: the form's longer label made the row overflow a 1440 px screen.
      title: t('plant:list.gridConnection'),
      dataIndex: 'gridConnectionTime',
      ...sortable<StationSort>('gridConnectionTime', 'descend'),
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          {canDetail && (
            <Tooltip title={t('plant:action.info')}>
              <Button
                type="link"
                size="small"
                icon={<InfoCircleOutlined />}
                aria-label={t('plant:action.info')}
                onClick={() => navigate(plantLinks.info(row.id))}
                data-testid="station-info"
              />
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title={t('system:action.edit')}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('system:action.edit')}
                onClick={() => navigate(plantLinks.edit(row.id))}
                data-testid="station-edit"
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('system:action.delete')}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('system:action.delete')}
                onClick={() => setDeleting(row)}
                data-testid="station-delete"
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListLayout
        title={t('plant:list.title')}
        extra={
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Segmented<View>
              value={view}
              onChange={setView}
              aria-label={t('plant:list.view')}
              data-testid="station-view"
              options={[
                {
                  value: 'list',
                  icon: <UnorderedListOutlined />,
                  label: t('plant:list.viewList'),
                },
                { value: 'map', icon: <EnvironmentOutlined />, label: t('plant:list.viewMap') },
              ]}
            />
            {canAdd && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(plantLinks.add())}
                data-testid="station-add"
              >
                {t('plant:list.add')}
              </Button>
            )}
          </Space>
        }
        filter={
          <FilterBar<StationPageBody> name="station-filter" onSearch={setFilter}>
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
        }
      >
        <div style={{ marginBottom: 16 }}>
          <PlantKpis kpi={kpi.data} loading={kpi.isFetching} />
        </div>
        {view === 'map' ? (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 520 }} />}>
            <FleetMap filter={filter} height={520} />
          </Suspense>
        ) : (
          <PageTable endpoint={plant.page} filter={filter} columns={columns} data-testid="station-table" />
        )}
      </ListLayout>
      <PlantDeleteModal plant={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
