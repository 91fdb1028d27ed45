import { DeleteOutlined, EditOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import type { StationRow, StationSort } from '@pvstar/contract/station';
import { Button, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NameText } from '../../../components/ellipsis-text.tsx';
import { formatCapacity, formatEnergy, formatPower } from '../../../components/energy-format.ts';
import { formatDay } from '../../../components/format.ts';
import { stationTypeLabel } from '../../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../../components/monitor-tags.tsx';
import { plantLinks } from '../../../components/page-links.ts';
import { sortable } from '../../../components/page-table.tsx';
import { rowActionsColumn } from '../../../components/row-actions.tsx';
import { usePerm } from '../../../permissions/perm.tsx';
import { useCanManage } from '../../../permissions/use-can-manage.ts';
import { specificYieldColumns } from './specific-yield-columns.tsx';

type Column = TableColumnsType<StationRow>[number];

/** The columns of the plant list; the actions show to those who may use them. */
export function usePlantColumns(setDeleting: (row: StationRow) => void): TableColumnsType<StationRow> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDetail = usePerm([PERM.stationDetail]);
  const canAdd = useCanManage([PERM.stationAdd]);
  const canEdit = useCanManage([PERM.stationEdit]) && canAdd;
  const canDelete = useCanManage([PERM.stationDelete]);
  return [
    ...leadColumns(t, canDetail),
    ...figureColumns(t),
    actionsColumn(t, { canDetail, canEdit, canDelete, navigate, setDeleting }),
  ];
}

/** Name (with number and type) and status. */
function leadColumns(t: TFunction, canDetail: boolean): Column[] {
  return [
    {
      title: t('plant:field.stationName'),
      dataIndex: 'stationName',
      fixed: 'left',
      ...sortable<StationSort>('stationName'),
      // The plant number and type beneath the name (and the owner beneath the organisation): as columns
      // of their own the row overflowed a 1440 px screen and the last columns hid under the actions.
      render: (name: string, row) => (
        <>
          <NameText
            text={name}
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
  ];
}

/** The figures, the organisation and owner, and the grid connection. */
function figureColumns(t: TFunction): Column[] {
  return [
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
          <NameText text={v} minWidth={120} />
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
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(v)}</span>,
    },
  ];
}

function actionsColumn(
  t: TFunction,
  {
    canDetail,
    canEdit,
    canDelete,
    navigate,
    setDeleting,
  }: {
    canDetail: boolean;
    canEdit: boolean;
    canDelete: boolean;
    navigate: (to: string) => void;
    setDeleting: (row: StationRow) => void;
  },
): Column {
  return rowActionsColumn(t, (row) => (
    <>
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
    </>
  ));
}
