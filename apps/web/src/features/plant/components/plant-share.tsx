import { CopyOutlined, ExportOutlined, LinkOutlined } from '@ant-design/icons';
import type { ShareRow, ShareState } from '@pvstar/contract/plant-share';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../components/format.ts';
import { useAddShare, useRevokeShare, useShareLinks } from '../api/plant-share-api.ts';

const STATE_COLOR: Record<ShareState, string> = { ACTIVE: 'green', EXPIRED: 'default', REVOKED: 'red' };
const STATE_LABEL: Record<ShareState, string> = {
  ACTIVE: 'share:state.ACTIVE',
  EXPIRED: 'share:state.EXPIRED',
  REVOKED: 'share:state.REVOKED',
};

interface Values {
  label?: string;
  expiry?: Dayjs | null;
}

/**
 * The plant's public page (kiosk): make a share link (a name, an optional last day), copy or open it once
 * made (only then: the server keeps a fingerprint of the token, not the token), list the links and revoke
 * them. Shown to the plant's managers only.
 */
export function PlantShare({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const links = useShareLinks(plantId);
  const add = useAddShare();
  const revoke = useRevokeShare();
  const [made, setMade] = useState<string | null>(null);

  const submit = async (values: Values) => {
    try {
      const result = await add.mutateAsync({
        stationId: plantId,
        label: values.label?.trim() || null,
        // Valid through the chosen day, on the user's clock.
        expiresAt: values.expiry ? values.expiry.endOf('day').toISOString() : null,
      });
      setMade(`${window.location.origin}${result.path}`);
      form.resetFields();
    } catch (err) {
      showFormError(form, err, message, { expiresAt: 'expiry' });
    }
  };

  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url);
    message.success(t('share:section.copied'));
  };

  const columns: TableColumnsType<ShareRow> = [
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

  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <LinkOutlined />
          {t('share:section.title')}
        </Flex>
      }
      data-testid="plant-share"
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('share:section.intro')}
        </Typography.Paragraph>
        <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
          <Form.Item name="label" label={t('share:section.label')}>
            <Input
              maxLength={60}
              placeholder={t('share:section.labelPlaceholder')}
              style={{ width: 220 }}
              data-testid="share-label"
            />
          </Form.Item>
          <Form.Item name="expiry" label={t('share:section.expiry')}>
            <DatePicker
              placeholder={t('share:section.noExpiry')}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              data-testid="share-expiry"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="share-create">
              {t('share:section.create')}
            </Button>
          </Form.Item>
        </Form>
        {made && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setMade(null)}
            title={t('share:section.created')}
            description={
              <Flex vertical gap={8}>
                <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="share-link">
                  {made}
                </Typography.Text>
                <Flex gap={8} wrap>
                  <Button icon={<CopyOutlined />} onClick={() => copy(made)} data-testid="share-copy">
                    {t('share:section.copy')}
                  </Button>
                  <Button
                    icon={<ExportOutlined />}
                    href={made}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="share-open"
                  >
                    {t('share:section.open')}
                  </Button>
                </Flex>
              </Flex>
            }
          />
        )}
        <Table<ShareRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={links.data?.list ?? []}
          loading={links.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('share:section.empty') }}
          data-testid="share-list"
        />
      </Flex>
    </Card>
  );
}
