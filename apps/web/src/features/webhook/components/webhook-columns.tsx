import { HistoryOutlined, KeyOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import type { WebhookRow, WebhookSecret } from '@pvstar/contract/webhook';
import type { ButtonProps, TableColumnsType } from 'antd';
import { Button, type Modal, message, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.ts';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { DeleteAction, EditAction, rowActionsColumn } from '../../../components/row-actions.tsx';
import { usePerm } from '../../../permissions/perm.tsx';
import { useDeleteWebhook, useResumeWebhook, useRotateSecret } from '../api/webhook-api.ts';
import { DELIVERY_STATUS_COLOR, deliveryStatusLabel, eventLabel } from './labels.ts';

type Column = TableColumnsType<WebhookRow>[number];

/** The columns of the webhooks, with their actions. */
export function useWebhookColumns({
  modal,
  setEditing,
  setLog,
  setSecret,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  setEditing: (editing: { row: WebhookRow | null }) => void;
  setLog: (row: WebhookRow) => void;
  setSecret: (secret: string) => void;
}): TableColumnsType<WebhookRow> {
  const c = useWebhookColumnsContext({
    modal,
    setEditing,
    setLog,
    setSecret,
  });
  return [...webhookColumns(c), ...actionsColumns(c)];
}

function useWebhookColumnsContext({
  modal,
  setEditing,
  setLog,
  setSecret,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  setEditing: (editing: { row: WebhookRow | null }) => void;
  setLog: (row: WebhookRow) => void;
  setSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const canEdit = usePerm([PERM.webhookEdit]);
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const resume = useResumeWebhook();
  const state = (row: WebhookRow) =>
    row.pausedAt ? (
      <Tooltip title={t('webhook:pausedHint', { time: formatDateTime(row.pausedAt) })}>
        <Tag color="warning" data-testid="webhook-state">
          {t('webhook:state.paused')}
        </Tag>
      </Tooltip>
    ) : row.enabled ? (
      <Tag color="success" data-testid="webhook-state">
        {t('webhook:state.active')}
      </Tag>
    ) : (
      <Tag data-testid="webhook-state">{t('webhook:state.disabled')}</Tag>
    );

  return { t, modal, setEditing, setLog, setSecret, canEdit, remove, rotate, resume, state };
}

type Ctx = ReturnType<typeof useWebhookColumnsContext>;

function webhookColumns({ t, state }: Ctx): Column[] {
  return [
    {
      title: t('webhook:url'),
      key: 'url',
      fixed: 'left',
      render: (_, row) => (
        <>
          <Typography.Text
            ellipsis={{ tooltip: row.url }}
            style={{ display: 'block', maxWidth: 280, fontFamily: 'monospace', fontSize: 13 }}
            data-testid="webhook-url"
          >
            {row.url}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.description || t('webhook:secretHint', { hint: row.secretHint })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('webhook:org'),
      dataIndex: 'orgName',
      key: 'org',
      render: (v: string) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      title: t('webhook:events'),
      key: 'events',
      render: (_, row) => (
        <Tooltip title={row.events.map((e) => eventLabel(t, e)).join(', ')}>
          <Space size={[4, 4]} wrap style={{ maxWidth: 260 }}>
            {row.events.slice(0, 2).map((e) => (
              <Tag key={e}>{eventLabel(t, e)}</Tag>
            ))}
            {row.events.length > 2 && <Tag>+{row.events.length - 2}</Tag>}
          </Space>
        </Tooltip>
      ),
    },
    { title: t('common:field.status'), key: 'state', render: (_, row) => state(row) },
    {
      title: t('webhook:lastDelivery'),
      key: 'last',
      render: (_, row) =>
        row.lastDeliveryStatus ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Tag color={DELIVERY_STATUS_COLOR[row.lastDeliveryStatus]}>
              {deliveryStatusLabel(t, row.lastDeliveryStatus)}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(row.lastDeliveryAt)}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">{t('webhook:never')}</Typography.Text>
        ),
    },
  ];
}

function actionsColumns({
  t,
  modal,
  setEditing,
  setLog,
  setSecret,
  canEdit,
  remove,
  rotate,
  resume,
}: Ctx): Column[] {
  return [
    rowActionsColumn(t, (row) => (
      <>
        <Tooltip title={t('webhook:deliveries')}>
          <Button
            type="link"
            icon={<HistoryOutlined />}
            aria-label={t('webhook:deliveries')}
            onClick={() => setLog(row)}
            data-testid="webhook-log"
          />
        </Tooltip>
        {row.pausedAt && canEdit && (
          <Button
            type="link"
            icon={<PlayCircleOutlined />}
            loading={resume.isPending && resume.variables === row.id}
            onClick={() => resume.mutateAsync(row.id).then(() => message.success(t('webhook:resumed')))}
            data-testid="webhook-resume"
          >
            {t('webhook:resume')}
          </Button>
        )}
        <EditAction perm={PERM.webhookEdit} onClick={() => setEditing({ row })} testId="webhook-edit" />
        {canEdit && (
          <Tooltip title={t('webhook:rotate')}>
            <Button
              type="link"
              icon={<KeyOutlined />}
              aria-label={t('webhook:rotate')}
              onClick={() =>
                modal.confirm({
                  title: t('webhook:rotateTitle'),
                  content: t('webhook:rotateWarning'),
                  okText: t('system:action.confirm'),
                  okButtonProps: { danger: true, 'data-testid': 'webhook-rotate-confirm' } as ButtonProps,
                  cancelText: t('system:action.cancel'),
                  onOk: () => rotate.mutateAsync(row.id).then((s: WebhookSecret) => setSecret(s.secret)),
                })
              }
              data-testid="webhook-rotate"
            />
          </Tooltip>
        )}
        <DeleteAction
          perm={PERM.webhookDelete}
          onClick={() =>
            confirmDelete(modal, t, {
              title: t('webhook:deleteTitle', { url: row.url }),
              content: t('webhook:deleteWarning'),
              onDelete: () => remove.mutateAsync(row.id),
            })
          }
          testId="webhook-delete"
        />
      </>
    )),
  ];
}
