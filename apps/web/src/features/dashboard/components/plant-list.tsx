import type { DashboardPlant, DeviceGroup } from '@pvstar/contract/dashboard';
import { DEVICE_STATUSES } from '@pvstar/contract/enum-values';
import type { DeviceStatus } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';
import { Badge, type BadgeProps, Card, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import {
  formatCapacity,
  formatEnergy,
  formatPower,
  formatSpecificYieldWithUnit,
} from '../../../components/energy-format.ts';
import {
  DEVICE_STATUS_COLOR,
  deviceKindLabel,
  deviceStatusLabel,
  stationTypeLabel,
} from '../../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../../components/monitor-tags.tsx';
import { plantLinks } from '../../../components/page-links.ts';
import { usePerm } from '../../../permissions/perm.tsx';

/** The state a group is shown in: its worst. */
const SEVERITY: DeviceStatus[] = ['FAULT', 'ABNORMAL', 'OFFLINE', 'NOT_CONNECTED', 'ONLINE'];

/** One device kind: its count with a dot in its worst state; the tooltip counts per state. */
function Group({ group }: { group: DeviceGroup }) {
  const { t } = useTranslation();
  const states = DEVICE_STATUSES.filter((s) => group.byStatus[s] > 0);
  const worst = SEVERITY.find((s) => group.byStatus[s] > 0) ?? 'NOT_CONNECTED';
  return (
    <Tooltip title={states.map((s) => `${deviceStatusLabel(t, s)}: ${group.byStatus[s]}`).join(' · ')}>
      <Tag data-testid="device-group" data-status={worst} style={{ marginInlineEnd: 0 }}>
        <Badge
          status={DEVICE_STATUS_COLOR[worst] as BadgeProps['status']}
          text={`${deviceKindLabel(t, group.kind)} ${group.total}`}
        />
      </Tag>
    </Tooltip>
  );
}

/** The plants with the highest PV power now, with their devices grouped by kind and state. */
export function PlantList({ plants }: { plants: DashboardPlant[] }) {
  const { t } = useTranslation('dashboard');
  const canOpen = usePerm([PERM.stationDetail]);
  return (
    <Card size="small" title={t('plants.title')}>
      <Table<DashboardPlant>
        size="small"
        rowKey="id"
        data-testid="dashboard-plants"
        dataSource={plants}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('plants.none') }}
        columns={[
          {
            title: t('plants.name'),
            dataIndex: 'stationName',
            // The type beneath the name: a column of its own pushed the devices out of the card.
            render: (name: string, row) => (
              <>
                <EllipsisText
                  text={name}
                  maxWidth={220}
                  link={canOpen ? plantLinks.detail(row.id) : undefined}
                  testId="dashboard-plant-link"
                />
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {stationTypeLabel(t, row.type)}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('common:field.status'),
            dataIndex: 'status',
            render: (status: DashboardPlant['status']) => <PlantStatusTag status={status} />,
          },
          {
            title: t('plants.power'),
            dataIndex: 'power',
            align: 'right',
            render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatPower(v)}</span>,
          },
          {
            title: t('plants.today'),
            dataIndex: 'todayGeneration',
            align: 'right',
            render: (v: number, row) => (
              <div style={{ whiteSpace: 'nowrap' }}>
                {formatEnergy(v)}
                <Typography.Text
                  type="secondary"
                  style={{ display: 'block', fontSize: 12 }}
                  data-testid="plant-today-yield"
                >
                  {formatSpecificYieldWithUnit(row.todayYield)}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('plants.capacity'),
            dataIndex: 'installedCapacity',
            align: 'right',
            render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCapacity(v)}</span>,
          },
          {
            title: t('plants.devices'),
            key: 'devices',
            render: (_, row) =>
              row.deviceGroups.length ? (
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, minWidth: 200 }}>
                  {row.deviceGroups.map((g) => (
                    <Group key={g.kind} group={g} />
                  ))}
                </div>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Card>
  );
}
