import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiTokenLimits, ApiTokenRow, ApiTokenStatus } from '@pvstar/contract/api-token';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { NumberInput } from '../../components/number-input.tsx';
import {
  addApiToken,
  revokeApiToken,
  useApiTokens,
  useRefreshApiTokens,
  useTokenPlantOptions,
} from './api/api-token-api.ts';

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

  const columns = [
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
      render: (_: unknown, r: ApiTokenRow) => r.expiresOn ?? t('apiToken:noExpiry'),
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
    {
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
    },
  ];

  return (
    <div data-testid="api-tokens-tab">
      <Space align="center" style={{ marginBottom: 12 }}>
        <KeyOutlined style={{ fontSize: 20 }} />
        <Typography.Text strong>{t('apiToken:title')}</Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {t('apiToken:intro')}{' '}
        <Typography.Link href="/docs" target="_blank">
          {t('apiToken:docs')}
        </Typography.Link>
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

interface CreateValues {
  name: string;
  scope: 'READ_ONLY' | 'READ_WRITE';
  plants?: { value: number; label: string }[];
  expiresOn?: Dayjs | null;
  dailyLimit?: number | null;
  perSecondLimit?: number | null;
}

/** The create dialog; after success it shows the token once, with a copy button and a warning. */
function CreateTokenModal({ limits, onClose }: { limits: ApiTokenLimits; onClose: (made: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => n.toLocaleString(i18n.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const scope = Form.useWatch('scope', form) ?? 'READ_ONLY';
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const plants = useTokenPlantOptions(search, true);

  const submit = async (v: CreateValues) => {
    setBusy(true);
    try {
      const made = await addApiToken({
        name: v.name,
        scope: v.scope,
        plantIds: v.plants?.map((p) => p.value),
        expiresOn: v.expiresOn ? v.expiresOn.format('YYYY-MM-DD') : null,
        dailyLimit: v.dailyLimit ?? undefined,
        perSecondLimit: v.perSecondLimit ?? undefined,
      });
      setToken(made.token);
    } catch (err) {
      showFormError(form, err, message, { plantIds: 'plants' });
    } finally {
      setBusy(false);
    }
  };

  if (token)
    return (
      <Modal
        open
        title={t('apiToken:createdTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => onClose(true)} data-testid="api-token-done">
            {t('apiToken:done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('apiToken:shownOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          code
          copyable={{ text: token, tooltips: [t('apiToken:copy'), t('apiToken:copied')] }}
          style={{ wordBreak: 'break-all' }}
          data-testid="api-token-value"
        >
          {token}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('apiToken:howToUse')}</Typography.Paragraph>
      </Modal>
    );

  return (
    <Modal
      open
      title={t('apiToken:new')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('apiToken:create')}
      confirmLoading={busy}
      okButtonProps={{ ...{ 'data-testid': 'api-token-create' } }}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ scope: 'READ_ONLY' }}
        onFinish={submit}
        data-testid="api-token-form"
      >
        <Form.Item
          name="name"
          label={t('apiToken:field.name')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} placeholder={t('apiToken:namePlaceholder')} data-testid="api-token-name" />
        </Form.Item>
        <Form.Item
          name="scope"
          label={t('apiToken:field.scope')}
          extra={
            <div data-testid="api-token-capabilities">
              <div>{t('apiToken:can.READ_ONLY')}</div>
              {scope === 'READ_WRITE' && <div>{t('apiToken:can.READ_WRITE')}</div>}
              <div>{t('apiToken:neverByToken')}</div>
            </div>
          }
        >
          <Radio.Group>
            <Radio value="READ_ONLY" data-testid="api-token-read-only">
              {t('apiToken:scope.READ_ONLY')}
            </Radio>
            <Radio value="READ_WRITE" data-testid="api-token-read-write">
              {t('apiToken:scope.READ_WRITE')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="plants" label={t('apiToken:field.plants')} extra={t('apiToken:plantsHint')}>
          <Select
            mode="multiple"
            labelInValue
            allowClear
            placeholder={t('apiToken:allPlants')}
            loading={plants.isFetching}
            options={plants.data ?? []}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            data-testid="api-token-plants"
          />
        </Form.Item>
        <Form.Item name="expiresOn" label={t('apiToken:field.expiresOn')} extra={t('apiToken:expiryHint')}>
          <DatePicker style={{ width: '100%' }} data-testid="api-token-expiry" />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="dailyLimit"
            label={t('apiToken:field.dailyLimit')}
            extra={t('apiToken:upTo', { max: count(limits.maxDailyLimit) })}
          >
            <NumberInput
              min={1}
              max={limits.maxDailyLimit}
              precision={0}
              placeholder={String(limits.dailyLimit)}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item
            name="perSecondLimit"
            label={t('apiToken:field.perSecondLimit')}
            extra={t('apiToken:upTo', { max: count(limits.maxPerSecondLimit) })}
          >
            <NumberInput
              min={1}
              max={limits.maxPerSecondLimit}
              precision={0}
              placeholder={String(limits.perSecondLimit)}
              style={{ width: 180 }}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
