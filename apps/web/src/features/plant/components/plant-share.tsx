import { CopyOutlined, ExportOutlined, LinkOutlined } from '@ant-design/icons';
import type { ShareRow } from '@pvstar/contract/plant-share';
import { Alert, App, Button, Card, DatePicker, Flex, Form, Input, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { useAddShare, useRevokeShare, useShareLinks } from '../api/plant-share-api.ts';
import { shareColumns } from './share-columns.tsx';

interface Values {
  label?: string;
  expiry?: Dayjs | null;
}

/** The share section's state: the links, the create form and the link just made. */
function usePlantShare(plantId: number) {
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

  return { t, form, links, add, revoke, made, setMade, submit, copy };
}

/**
 * The plant's public page (kiosk): make a share link (a name, an optional last day), copy or open it once
 * made (only then: the server keeps a fingerprint of the token, not the token), list the links and revoke
 * them. Shown to the plant's managers only.
 */
export function PlantShare({ plantId }: { plantId: number }) {
  const { t, form, links, add, revoke, made, setMade, submit, copy } = usePlantShare(plantId);
  const columns = shareColumns(t, revoke);

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
        {made && <ShareMadeAlert made={made} onClose={() => setMade(null)} onCopy={copy} />}
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

function ShareMadeAlert({
  made,
  onClose,
  onCopy,
}: {
  made: string;
  onClose: () => void;
  onCopy: (url: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      closable
      onClose={onClose}
      title={t('share:section.created')}
      description={
        <Flex vertical gap={8}>
          <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="share-link">
            {made}
          </Typography.Text>
          <Flex gap={8} wrap>
            <Button icon={<CopyOutlined />} onClick={() => onCopy(made)} data-testid="share-copy">
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
  );
}
