import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiTokenRow } from '@pvstar/contract/api-token';
import { App, Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revokeApiToken, useApiTokens, useRefreshApiTokens } from './api/api-token-api.ts';
import { apiTokenColumns } from './api-token-columns.tsx';
import { CreateTokenModal } from './api-token-create-modal.tsx';

/**
 * Personal centre → API tokens (issue 22): the user's tokens for integrations, each shown once when made,
 * read-only or read-write, optionally limited to some plants, with an expiry and limits; revoked at once.
 */
export function ApiTokensTab({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => n.toLocaleString(i18n.language);
  const { message } = App.useApp();
  const tokens = useApiTokens();
  const refresh = useRefreshApiTokens();
  const [creating, setCreating] = useState(false);
  const data = tokens.data;

  const revoke = async (row: ApiTokenRow) => {
    await revokeApiToken(row.id);
    message.success(t('common:apiToken.revoked'));
    await refresh();
  };

  const columns = apiTokenColumns({ t, count, readOnly, revoke });

  return (
    <div data-testid="api-tokens-tab">
      <Space align="center" style={{ marginBottom: 12 }}>
        <KeyOutlined style={{ fontSize: 20 }} />
        <Typography.Text strong>{t('apiToken:title')}</Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {t('apiToken:intro')}{' '}
        {/* A plain link, underlined in the sentence (Typography.Link's style takes the underline away). */}
        <a href="/docs" target="_blank" rel="noopener noreferrer" className="pv-inline-link">
          {t('apiToken:docs')}
        </a>
      </Typography.Paragraph>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={readOnly || !data}
        onClick={() => setCreating(true)}
        style={{ marginBottom: 12 }}
        data-testid="api-token-new"
      >
        {t('apiToken:new')}
      </Button>
      <Table<ApiTokenRow>
        rowKey="id"
        size="small"
        loading={tokens.isLoading}
        dataSource={data?.list ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('apiToken:empty') }}
      />
      {creating && data && (
        <CreateTokenModal
          limits={data.limits}
          onClose={async (made) => {
            setCreating(false);
            if (made) await refresh();
          }}
        />
      )}
    </div>
  );
}
