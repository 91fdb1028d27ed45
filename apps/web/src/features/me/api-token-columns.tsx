import type { ApiTokenRow, ApiTokenStatus } from '@pvstar/contract/api-token';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime, formatDay } from '../../components/format.ts';

const STATUS_COLOR: Record<ApiTokenStatus, string> = {
  ACTIVE: 'green',
  EXPIRED: 'orange',
  REVOKED: 'default',
};
const STATUS_LABEL: Record<ApiTokenStatus, string> = {
  ACTIVE: 'apiToken:status.ACTIVE',
  EXPIRED: 'apiToken:status.EXPIRED',
  REVOKED: 'apiToken:status.REVOKED',
};
const SCOPE_LABEL = {
  READ_ONLY: 'apiToken:scope.READ_ONLY',
  READ_WRITE: 'apiToken:scope.READ_WRITE',
} as const;

type Column = ColumnsType<ApiTokenRow>[number];

interface Ctx {
  t: TFunction;
  count: (n: number) => string;
  readOnly: boolean;
  revoke: (row: ApiTokenRow) => Promise<void>;
}

/** The columns of the API tokens table. */
export function apiTokenColumns(c: Ctx): Column[] {
  return [...identityColumns(c), ...usageColumns(c), actionsColumn(c)];
}

function identityColumns({ t, count }: Ctx): Column[] {
  return [
    {
      title: t('apiToken:column.name'),
      key: 'name',
      render: (_: unknown, r: ApiTokenRow) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {r.hint}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('apiToken:column.scope'),
      key: 'scope',
      render: (_: unknown, r: ApiTokenRow) => (
        <Tag color={r.scope === 'READ_WRITE' ? 'blue' : undefined}>{t(SCOPE_LABEL[r.scope])}</Tag>
      ),
    },
    {
      title: t('apiToken:column.plants'),
      key: 'plants',
      render: (_: unknown, r: ApiTokenRow) =>
        r.plants.length ? (
          <Space size={[0, 4]} wrap style={{ maxWidth: 240 }}>
            {r.plants.map((p) => (
              <Tag key={p.id}>{p.name}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('apiToken:allPlants')}</Typography.Text>
        ),
    },
    {
      title: t('apiToken:column.limits'),
      key: 'limits',
      render: (_: unknown, r: ApiTokenRow) =>
        t('apiToken:limitsText', {
          perDay: count(r.dailyLimit),
          perSecond: count(r.perSecondLimit),
        }),
    },
  ];
}

function usageColumns({ t }: Ctx): Column[] {
  return [
    {
      title: t('apiToken:column.created'),
      key: 'createdAt',
      render: (_: unknown, r: ApiTokenRow) => formatDateTime(r.createdAt),
    },
    {
      title: t('apiToken:column.lastUsed'),
      key: 'lastUsed',
      render: (_: unknown, r: ApiTokenRow) =>
        r.lastUsedAt ? (
          <Space direction="vertical" size={0}>
            <span>{formatDateTime(r.lastUsedAt)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('apiToken:from', { ip: r.lastUsedIp ?? '—' })}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('apiToken:never')}</Typography.Text>
        ),
    },
    {
      title: t('apiToken:column.expires'),
      key: 'expiresOn',
      render: (_: unknown, r: ApiTokenRow) => (r.expiresOn ? formatDay(r.expiresOn) : t('apiToken:noExpiry')),
    },
    {
      title: t('apiToken:column.status'),
      key: 'status',
      render: (_: unknown, r: ApiTokenRow) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`api-token-status-${r.id}`}>
          {t(STATUS_LABEL[r.status])}
        </Tag>
      ),
    },
  ];
}

function actionsColumn({ t, readOnly, revoke }: Ctx): Column {
  return {
    title: '',
    key: 'actions',
    render: (_: unknown, r: ApiTokenRow) =>
      r.status === 'ACTIVE' && (
        <Popconfirm
          title={t('apiToken:revokeConfirm', { name: r.name })}
          okText={t('apiToken:revoke')}
          okButtonProps={{ danger: true, ...{ 'data-testid': 'api-token-revoke-ok' } }}
          onConfirm={() => revoke(r)}
          disabled={readOnly}
        >
          <Button danger size="small" disabled={readOnly} data-testid={`api-token-revoke-${r.id}`}>
            {t('apiToken:revoke')}
          </Button>
        </Popconfirm>
      ),
  };
}
