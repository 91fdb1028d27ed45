import type { OwnerPlant } from '@pvstar/contract/owner';
import { PERM } from '@pvstar/contract/perm';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCapacity } from '../../../components/energy-format.ts';
import { stationTypeLabel } from '../../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../../components/monitor-tags.tsx';
import { plantLinks } from '../../../components/page-links.ts';
import { usePerm } from '../../../permissions/perm.tsx';
import { useOwnerPlants } from '../api/owner-api.ts';

/** The plants of one owner, shown when the owner's row is expanded; names link to the plant detail. */
export function OwnerPlants({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const plants = useOwnerPlants(userId);
  const canOpen = usePerm([PERM.stationDetail]);
  if (plants.isError) return <Alert type="error" showIcon title={t('owner:plants.loadFailed')} />;
  return (
    <Table<OwnerPlant>
      size="small"
      rowKey="id"
      data-testid="owner-plants"
      loading={plants.isLoading}
      dataSource={plants.data ?? []}
      pagination={false}
      locale={{ emptyText: t('owner:plants.none') }}
      columns={[
        {
          title: t('owner:plants.stationName'),
          dataIndex: 'stationName',
          render: (name: string, row) =>
            canOpen ? (
              <Link to={plantLinks.detail(row.id)} data-testid="owner-plant-link">
                {name}
              </Link>
            ) : (
              name
            ),
        },
        { title: t('owner:plants.stationNo'), dataIndex: 'stationNo' },
        {
          title: t('owner:plants.type'),
          dataIndex: 'type',
          render: (type: OwnerPlant['type']) => stationTypeLabel(t, type),
        },
        {
          title: t('common:field.status'),
          dataIndex: 'status',
          render: (status: OwnerPlant['status']) => <PlantStatusTag status={status} />,
        },
        {
          title: t('owner:column.installedCapacity'),
          dataIndex: 'installedCapacity',
          align: 'right',
          render: (v: number) => formatCapacity(v),
        },
      ]}
    />
  );
}
