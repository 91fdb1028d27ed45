import { ReloadOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import type { WebhookDeliveryRow, WebhookRow } from '@pvstar/contract/webhook';
import type { TableColumnsType } from 'antd';
import { Button, Drawer, Empty, message, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerActions } from '../../../components/drawer-actions.ts';
import { formatDateTime } from '../../../components/format.ts';
import { usePerm } from '../../../permissions/perm.tsx';
import { useDeliveries, useResendDelivery, useTestWebhook } from '../api/webhook-api.ts';
import { DELIVERY_STATUS_COLOR, deliveryStatusLabel, eventLabel } from './labels.ts';

/** The deliveries of an endpoint; those who may edit it may send one again. */
function deliveryColumns(
  t: TFunction,
  canAct: boolean,
  resend: ReturnType<typeof useResendDelivery>,
): TableColumnsType<WebhookDeliveryRow> {
  return [
    {
      title: t('webhook:eventType'),
      key: 'event',
      render: (_, d) => (
        <>
          <div>{eventLabel(t, d.eventType)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.plantName ?? '—'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('common:field.status'),
      key: 'status',
      render: (_, d) => (
        <Tag color={DELIVERY_STATUS_COLOR[d.status]} data-testid="webhook-delivery-status">
          {deliveryStatusLabel(t, d.status)}
        </Tag>
      ),
    },
    {
      title: t('webhook:responseCode'),
      dataIndex: 'lastStatusCode',
      key: 'code',
      render: (v: number | null) => v ?? '—',
    },
    { title: t('webhook:attempts'), dataIndex: 'attempts', key: 'attempts', align: 'right' },
    {
      title: t('webhook:createTime'),
      key: 'time',
      render: (_, d) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(d.createTime)}
          {d.nextAttemptAt && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('webhook:nextAttempt')}: {formatDateTime(d.nextAttemptAt)}
            </Typography.Text>
          )}
          {d.deliveredAt && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('webhook:deliveredAt')}: {formatDateTime(d.deliveredAt)}
            </Typography.Text>
          )}
        </span>
      ),
    },
    ...(canAct
      ? [
          {
            title: t('system:action.actions'),
            key: 'actions',
            render: (_: unknown, d: WebhookDeliveryRow) => (
              <Button
                size="small"
                icon={<ReloadOutlined />}
                loading={resend.isPending && resend.variables === d.id}
                onClick={() =>
                  resend.mutateAsync(d.id).then(() => message.success(t('webhook:resendQueued')))
                }
                data-testid="webhook-resend"
              >
                {t('webhook:resend')}
              </Button>
            ),
          },
        ]
      : []),
  ];
}

/** The log of one endpoint: each delivery with its status, response and attempts; resend and test. */
export function DeliveryDrawer({ row, onClose }: { row: WebhookRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const pageSize = 20;
  const list = useDeliveries(row?.id ?? null, pageNum, pageSize);
  const resend = useResendDelivery();
  const test = useTestWebhook();
  const canAct = usePerm([PERM.webhookEdit]);

  const columns = deliveryColumns(t, canAct, resend);
  const actions = useDrawerActions(
    canAct && (
      <Button
        onClick={() => row && test.mutateAsync(row.id).then(() => message.success(t('webhook:testQueued')))}
        loading={test.isPending}
        data-testid="webhook-send-test"
      >
        {t('webhook:sendTest')}
      </Button>
    ),
  );

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={860}
      destroyOnHidden
      title={
        <Typography.Text ellipsis={{ tooltip: row?.url }} style={{ maxWidth: '100%' }}>
          {t('webhook:deliveriesTitle', { url: row?.url ?? '' })}
        </Typography.Text>
      }
      {...actions}
    >
      <Table<WebhookDeliveryRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('webhook:noDeliveries')} /> }}
        pagination={{
          current: pageNum,
          pageSize,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        expandable={{
          rowExpandable: (d) => d.log.length > 0,
          expandedRowRender: (d) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>{t('webhook:attemptLog')}</Typography.Text>
              <Timeline
                items={d.log.map((a) => ({
                  color: a.error ? 'red' : 'green',
                  content: (
                    <span data-testid="webhook-attempt">
                      {formatDateTime(a.at)} · {a.statusCode ?? t('webhook:noResponse')} ·{' '}
                      {t('webhook:duration', { ms: a.durationMs })}
                      {a.error && (
                        <Typography.Text type="danger" style={{ display: 'block', wordBreak: 'break-word' }}>
                          {t('webhook:error')}: {a.error}
                        </Typography.Text>
                      )}
                    </span>
                  ),
                }))}
              />
            </Space>
          ),
        }}
        data-testid="webhook-delivery-table"
      />
    </Drawer>
  );
}
