import { CheckOutlined, EyeOutlined, MessageOutlined, StopOutlined } from '@ant-design/icons';
import { type AlarmRow, type AlarmSort, canAcknowledge, canClose } from '@pvstar/contract/alarm';
import { PERM } from '@pvstar/contract/perm';
import { Button, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EllipsisText, NameText } from '../../components/ellipsis-text.tsx';
import { formatDuration, formatZonedDateTime } from '../../components/format.ts';
import { deviceKindLabel } from '../../components/monitor-labels.ts';
import { plantLinks } from '../../components/page-links.ts';
import { sortable } from '../../components/page-table.tsx';
import { rowActionsColumn } from '../../components/row-actions.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import type { AlarmActionRequest } from './alarm-action-modal.tsx';
import { AlarmLevelTag, AlarmStatusTag } from './alarm-tags.tsx';

const mono = (text: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{text}</span>;

/** The code and serial number that name one alarm in a dialog. */
export const alarmSubject = (row: AlarmRow) => `${row.faultCode} · ${row.alarmMsg} · ${row.deviceSn}`;

/**
 * The columns of an alarm list (alert center and the plant's alarm tab). Times are the plant's local
 * time. The action buttons show only to holders of their permission.
 */
export function useAlarmColumns(options: {
  showPlant: boolean;
  onOpen: (row: AlarmRow) => void;
  onAction: (request: AlarmActionRequest) => void;
}): TableColumnsType<AlarmRow> {
  const { t } = useTranslation();
  const mayAck = usePerm([PERM.faultAlarmAck]);
  const mayClose = usePerm([PERM.faultAlarmClose]);
  return [
    ...leadColumns(t),
    ...(options.showPlant ? [plantColumn(t)] : []),
    ...timeColumns(t),
    acknowledgedColumn(t),
    actionsColumn(t, { ...options, mayAck, mayClose }),
  ];
}

type Column = TableColumnsType<AlarmRow>[number];

/** Level, status, and the code over its message. */
function leadColumns(t: TFunction): Column[] {
  return [
    {
      title: t('alarm:column.level'),
      dataIndex: 'alarmLevel',
      ...sortable<AlarmSort>('alarmLevel', 'descend'),
      fixed: 'left',
      render: (v: AlarmRow['alarmLevel']) => <AlarmLevelTag level={v} />,
    },
    {
      title: t('alarm:column.status'),
      dataIndex: 'alarmStatus',
      ...sortable<AlarmSort>('alarmStatus', 'descend'),
      render: (v: AlarmRow['alarmStatus']) => <AlarmStatusTag status={v} />,
    },
    {
      // The code over its message: as two columns the row overflowed a 1440 px screen.
      title: (
        <>
          {t('alarm:column.faultCode')}
          <br />
          {t('alarm:column.message')}
        </>
      ),
      dataIndex: 'alarmMsg',
      key: 'alarmMsg',
      render: (v: string, row) => (
        <>
          <div>{mono(row.faultCode)}</div>
          <NameText text={v} minWidth={200} />
        </>
      ),
    },
  ];
}

function plantColumn(t: TFunction): Column {
  return {
    title: t('alarm:column.plant'),
    dataIndex: 'stationName',
    ...sortable<AlarmSort>('stationName'),
    render: (v: string, row) => (
      <NameText text={v} minWidth={120} link={plantLinks.detail(row.stationId)} testId="alarm-plant-link" />
    ),
  };
}

/** The device, and when the alarm started and ended. */
function timeColumns(t: TFunction): Column[] {
  // The clock on a line of its own: "Start (plant time)" on one line made the row overflow 1440 px. A long
  // note wraps in its turn ("(heure de / l'installation)"): kept on one line, it took the message's width.
  const timeTitle = (title: string) => (
    <Tooltip title={t('alarm:column.timesHint')}>
      <span>
        {title}
        <br />
        {t('app:time.plantNote')}
      </span>
    </Tooltip>
  );
  return [
    {
      // Type and serial number read together: "Inverter / ALINV-…".
      title: t('alarm:column.device'),
      ...sortable<AlarmSort>('deviceSn'),
      render: (_, row) => (
        <div>
          <div style={{ whiteSpace: 'nowrap' }}>{deviceKindLabel(t, row.deviceType)}</div>
          {/* A long serial breaks rather than pushing the last columns under the actions column. */}
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {row.deviceSn}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: timeTitle(t('alarm:column.startTime')),
      dataIndex: 'alarmStartTime',
      ...sortable<AlarmSort>('alarmStartTime', 'descend'),
      // The last report under the start: as a column of its own the row overflowed 1440 px.
      render: (v: string, row) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{formatZonedDateTime(v, row.timezone)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="alarm-latest">
            {t('alarm:column.lastAt', { time: formatZonedDateTime(row.latestTime, row.timezone) })}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: timeTitle(t('alarm:column.endTime')),
      ...sortable<AlarmSort>('endTime', 'descend'),
      render: (_, row) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          {row.endTime && <div>{formatZonedDateTime(row.endTime, row.timezone)}</div>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="alarm-duration">
            {row.endTime
              ? formatDuration(row.durationSeconds)
              : t('alarm:column.since', { duration: formatDuration(row.durationSeconds) })}
          </Typography.Text>
        </div>
      ),
    },
  ];
}

function acknowledgedColumn(t: TFunction): Column {
  return {
    title: t('alarm:column.acknowledged'),
    key: 'acknowledged',
    render: (_, row) =>
      row.acknowledged ? (
        <div style={{ whiteSpace: 'nowrap' }} data-testid="alarm-acked-by">
          <EllipsisText text={row.acknowledged.name} maxWidth={130} />
          {row.acknowledged.comment && (
            <Tooltip title={row.acknowledged.comment}>
              <MessageOutlined
                style={{ marginInlineStart: 6, color: 'var(--ant-color-text-tertiary)' }}
                aria-label={t('alarm:drawer.comment')}
              />
            </Tooltip>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatZonedDateTime(row.acknowledged.at, row.timezone)}
            </Typography.Text>
          </div>
        </div>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  };
}

function actionsColumn(
  t: TFunction,
  options: {
    mayAck: boolean;
    mayClose: boolean;
    onOpen: (row: AlarmRow) => void;
    onAction: (request: AlarmActionRequest) => void;
  },
): Column {
  return rowActionsColumn(t, (row) => (
    <>
      <Button
        type="link"
        size="small"
        icon={<EyeOutlined />}
        onClick={() => options.onOpen(row)}
        data-testid={`alarm-detail-${row.id}`}
      >
        {t('alarm:action.detail')}
      </Button>
      {options.mayAck && canAcknowledge(row) && (
        <Tooltip title={t('alarm:action.acknowledge')}>
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            aria-label={t('alarm:action.acknowledge')}
            onClick={() =>
              options.onAction({ type: 'acknowledge', ids: [row.id], subject: alarmSubject(row) })
            }
            data-testid={`alarm-ack-${row.id}`}
          />
        </Tooltip>
      )}
      {options.mayClose && canClose(row) && (
        <Tooltip title={t('alarm:action.close')}>
          <Button
            type="link"
            size="small"
            danger
            icon={<StopOutlined />}
            aria-label={t('alarm:action.close')}
            onClick={() => options.onAction({ type: 'close', ids: [row.id], subject: alarmSubject(row) })}
            data-testid={`alarm-close-${row.id}`}
          />
        </Tooltip>
      )}
    </>
  ));
}
