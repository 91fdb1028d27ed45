import { EnvironmentOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { plant } from '@pvstar/contract/endpoints/plant';
import { PERM } from '@pvstar/contract/perm';
import type { StationPageBody, StationRow } from '@pvstar/contract/station';
import { Button, Segmented, Skeleton, Space } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { plantLinks } from '../../components/page-links.ts';
import { PageTable } from '../../components/page-table.tsx';
import { useCanManage } from '../../permissions/use-can-manage.ts';
import { usePlantKpi } from './api/plant-api.ts';
import { usePlantColumns } from './components/plant-columns.tsx';
import { PlantDeleteModal } from './components/plant-delete-modal.tsx';
import { PlantFilter } from './components/plant-filter.tsx';
import { PlantKpis } from './components/plant-kpis.tsx';

// Leaflet loads only when the map is shown.
const FleetMap = lazyRetrying(() =>
  import('../../entities/plant/fleet-map.tsx').then((m) => ({ default: m.FleetMap })),
);
type View = 'list' | 'map';

/** The list or the map; in the address, so that going back from a plant opens the map again. */
function usePlantListView() {
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
  return [view, setView] as const;
}

/** Plant center → plants (2001001): KPIs, filters and the plants within the caller's scope. */
export default function PlantListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [view, setView] = usePlantListView();
  const [filter, setFilter] = useState<StationPageBody>({});
  const [deleting, setDeleting] = useState<StationRow | null>(null);
  const kpi = usePlantKpi(filter);
  const canAdd = useCanManage([PERM.stationAdd]);
  const columns = usePlantColumns(setDeleting);

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
        filter={<PlantFilter onSearch={setFilter} />}
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
