import type { ShareRow, ShareState } from '@pvstar/contract/plant-share';
import { Button, Flex, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../components/format.ts';
import type { useRevokeShare } from '../api/plant-share-api.ts';

const STATE_COLOR: Record<ShareState, string> = { ACTIVE: 'green', EXPIRED: 'default', REVOKED: 'red' };
const STATE_LABEL: Record<ShareState, string> = {
  ACTIVE: 'share:state.ACTIVE',
  EXPIRED: 'share:state.EXPIRED',
  REVOKED: 'share:state.REVOKED',
};

/** The columns of the plant's share links; an active link can be revoked. */
export function shareColumns(
  t: TFunction,
  revoke: ReturnType<typeof useRevokeShare>,
): TableColumnsType<ShareRow> {
  return [
    {
      key: 'label',
      title: t('share:column.label'),
      render: (_, r) => <span style={{ wordBreak: 'break-word' }}>{r.label ?? '—'}</span>,
    },
    {
      key: 'token',
      title: t('share:column.token'),
      render: (_, r) => <Typography.Text code>{`${r.tokenPrefix}…`}</Typography.Text>,
    },
    {
      key: 'created',
      title: t('share:column.created'),
      render: (_, r) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>
          {r.createdBy && (
            <Typography.Text type="secondary">
              {t('share:section.madeBy', { name: r.createdBy })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'expires',
      title: t('share:column.expires'),
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {r.expiresAt ? formatDateTime(r.expiresAt) : t('share:section.noExpiry')}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('share:column.state'),
      render: (_, r) => (
        <Tag color={STATE_COLOR[r.state]} data-testid={`share-state-${r.id}`}>
          {t(STATE_LABEL[r.state])}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, r) =>
        r.state === 'ACTIVE' && (
          <Popconfirm
            title={t('share:section.revokeConfirm')}
            onConfirm={() => revoke.mutateAsync(r.id)}
            okButtonProps={{ danger: true }}
          >
            <Button danger size="small" data-testid={`share-revoke-${r.id}`}>
              {t('share:section.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
}
