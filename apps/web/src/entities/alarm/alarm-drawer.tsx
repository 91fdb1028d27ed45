import { BulbOutlined, CheckOutlined, StopOutlined } from '@ant-design/icons';
import { type AlarmAction, type AlarmRow, canAcknowledge, canClose } from '@pvstar/contract/alarm';
import { PERM } from '@pvstar/contract/perm';
import { Alert, Button, Card, Descriptions, Drawer, Flex, Grid, Skeleton, Space, Typography } from 'antd';
import type { DescriptionsItemType } from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useDrawerActions } from '../../components/drawer-actions.ts';
import { formatDuration, formatZonedDateTime } from '../../components/format.ts';
import { deviceKindLabel } from '../../components/monitor-labels.ts';
import { plantLinks } from '../../components/page-links.ts';
import { usePerm } from '../../permissions/perm.tsx';
import type { AlarmActionRequest } from './alarm-action-modal.tsx';
import { useAlarmDetail } from './alarm-api.ts';
import { alarmSubject } from './alarm-columns.tsx';
import { alarmEndReasonLabel, alarmKindLabel } from './alarm-labels.ts';
import { AlarmLevelTag, AlarmStatusTag } from './alarm-tags.tsx';

const mono = (text: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{text}</span>;
const time = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Who acknowledged or closed it, when, and what they wrote. */
function ActionCard({
  title,
  action,
  timezone,
  none,
  testId,
}: {
  title: string;
  action: AlarmAction | null;
  timezone: string;
  none: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} data-testid={testId}>
      {action ? (
        <Flex vertical gap={4}>
          <Typography.Text>
            {t('alarm:drawer.byAt', {
              name: action.name,
              time: formatZonedDateTime(action.at, timezone, true, { zone: true }),
            })}
          </Typography.Text>
          {action.comment ? (
            <Typography.Paragraph
              style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid={`${testId}-comment`}
            >
              {action.comment}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t('alarm:drawer.noComment')}</Typography.Text>
          )}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{none}</Typography.Text>
      )}
    </Card>
  );
}

function AlarmInfo({ alarm }: { alarm: AlarmRow }) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().sm;
  const tz = alarm.timezone;
  const items: DescriptionsItemType[] = [
    { key: 'level', label: t('alarm:column.level'), children: <AlarmLevelTag level={alarm.alarmLevel} /> },
    {
      key: 'status',
      label: t('alarm:column.status'),
      children: (
        <Space size={4} wrap>
          <AlarmStatusTag status={alarm.alarmStatus} />
          {alarm.endReason && (
            <Typography.Text type="secondary">{alarmEndReasonLabel(t, alarm.endReason)}</Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'faultCode', label: t('alarm:column.faultCode'), children: mono(alarm.faultCode) },
    { key: 'kind', label: t('alarm:drawer.kind'), children: alarmKindLabel(t, alarm.kind) },
    {
      key: 'deviceType',
      label: t('alarm:column.deviceType'),
      children: deviceKindLabel(t, alarm.deviceType),
    },
    { key: 'sn', label: t('alarm:column.sn'), children: mono(alarm.deviceSn) },
    {
      key: 'plant',
      label: t('alarm:column.plant'),
      span: 'filled',
      children: (
        <Link to={plantLinks.detail(alarm.stationId)} data-testid="alarm-drawer-plant">
          {alarm.stationName}
        </Link>
      ),
    },
    {
      key: 'address',
      label: t('alarm:drawer.address'),
      span: 'filled',
      children: alarm.stationAdress || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'start',
      label: t('alarm:column.startTime'),
      children: time(formatZonedDateTime(alarm.alarmStartTime, tz, true, { zone: true })),
    },
    {
      key: 'latest',
      label: t('alarm:column.latestTime'),
      children: time(formatZonedDateTime(alarm.latestTime, tz, true, { zone: true })),
    },
    {
      key: 'end',
      label: t('alarm:drawer.endTime'),
      children: time(formatZonedDateTime(alarm.endTime, tz, true, { zone: true })),
    },
    {
      key: 'duration',
      label: t('alarm:drawer.duration'),
      children: <span data-testid="alarm-drawer-duration">{formatDuration(alarm.durationSeconds)}</span>,
    },
    {
      key: 'recorded',
      label: t('alarm:drawer.recorded'),
      children: time(formatZonedDateTime(alarm.alarmTime, tz, true, { zone: true })),
    },
    { key: 'timezone', label: t('alarm:drawer.timezone'), children: tz },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      // One fact a row: two pairs of a label and a time with seconds and zone are wider than the drawer's
      // 760 px. On a phone the label stands over its value: side by side they are wider than the screen.
      layout={phone ? 'vertical' : 'horizontal'}
      column={1}
      items={items}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      data-testid="alarm-info"
    />
  );
}

/**
 * One alarm in full: what to do about it first (the fix advice is what the installer came for), then
 * where and when, then who acknowledged or closed it. Acknowledge and close are offered while it lasts.
 */
export function AlarmDrawer({
  id,
  onClose,
  onAction,
}: {
  id: number | null;
  onClose: () => void;
  onAction: (request: AlarmActionRequest) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const detail = useAlarmDetail(id);
  const mayAck = usePerm([PERM.faultAlarmAck]);
  const mayClose = usePerm([PERM.faultAlarmClose]);
  const alarm = detail.data && detail.data.id === id ? detail.data : undefined;
  const missing =
    detail.error instanceof ApiError && (detail.error.code === 404 || detail.error.code === 400);

  const ack = alarm && mayAck && canAcknowledge(alarm);
  const close = alarm && mayClose && canClose(alarm);
  const buttons = alarm && (ack || close) && (
    <Space wrap>
      {ack && (
        <Button
          icon={<CheckOutlined />}
          type="primary"
          onClick={() => onAction({ type: 'acknowledge', ids: [alarm.id], subject: alarmSubject(alarm) })}
          data-testid="alarm-drawer-ack"
        >
          {t('alarm:action.acknowledge')}
        </Button>
      )}
      {close && (
        <Button
          icon={<StopOutlined />}
          danger
          onClick={() => onAction({ type: 'close', ids: [alarm.id], subject: alarmSubject(alarm) })}
          data-testid="alarm-drawer-close"
        >
          {t('alarm:action.close')}
        </Button>
      )}
    </Space>
  );
  const actions = useDrawerActions(buttons);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={screens.lg ? 760 : '100%'}
      destroyOnHidden
      title={
        alarm ? (
          <Typography.Text ellipsis={{ tooltip: alarm.alarmMsg }} style={{ maxWidth: '100%' }}>
            {alarm.faultCode} · {alarm.alarmMsg}
          </Typography.Text>
        ) : (
          t('alarm:drawer.title')
        )
      }
      {...actions}
      data-testid="alarm-drawer"
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && !alarm && (
        <Alert
          type={missing ? 'warning' : 'error'}
          showIcon
          title={missing ? t('alarm:drawer.notFound') : detail.error.message}
        />
      )}
      {alarm && (
        <Flex vertical gap={16}>
          <Alert
            type={alarm.alarmStatus === 'ONGOING' ? 'warning' : 'info'}
            icon={<BulbOutlined />}
            showIcon
            title={<Typography.Text strong>{t('alarm:drawer.fixAdvice')}</Typography.Text>}
            description={
              <Typography.Paragraph
                style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 15 }}
                data-testid="alarm-fix-advice"
              >
                {alarm.fixAdvice || t('alarm:drawer.noAdvice')}
              </Typography.Paragraph>
            }
          />
          <AlarmInfo alarm={alarm} />
          <ActionCard
            title={t('alarm:drawer.acknowledged')}
            action={alarm.acknowledged}
            timezone={alarm.timezone}
            none={t('alarm:drawer.notAcknowledged')}
            testId="alarm-drawer-acked"
          />
          {(alarm.closed || alarm.endReason === 'CLOSED') && (
            <ActionCard
              title={t('alarm:drawer.closed')}
              action={alarm.closed}
              timezone={alarm.timezone}
              none="—"
              testId="alarm-drawer-closed"
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
