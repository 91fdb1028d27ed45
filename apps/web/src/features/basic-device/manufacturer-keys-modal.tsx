import { PlusOutlined } from '@ant-design/icons';
import {
  ManufacturerKeyAddBodySchema,
  type ManufacturerKeyRow,
  type ManufacturerRow,
} from '@pvstar/contract/basic-device';
import { PERM } from '@pvstar/contract/perm';
import type { FormInstance } from 'antd';
import { Alert, Button, Flex, Form, Input, Modal, message, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import {
  useAddManufacturerKey,
  useManufacturerKeys,
  useRetireManufacturerKey,
} from './api/basic-device-api.ts';

interface FormValues {
  publicKey?: string;
  label?: string;
}

/** Adding a key: the public key and its label. */
function KeyForm({
  form,
  submit,
  adding,
}: {
  form: FormInstance<FormValues>;
  submit: () => void;
  adding: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form<FormValues> form={form} name="manufacturer-key-form" layout="vertical" requiredMark>
      <Form.Item
        name="publicKey"
        label={t('basic:keys.publicKey')}
        extra={t('basic:keys.publicKeyHint')}
        rules={[zodRule(ManufacturerKeyAddBodySchema.shape.publicKey, { required: true })]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 6 }}
          style={{ fontFamily: 'monospace' }}
          placeholder="-----BEGIN PUBLIC KEY-----"
          data-testid="key-public"
        />
      </Form.Item>
      <Flex gap={8} align="flex-start" wrap>
        <Form.Item
          name="label"
          label={t('basic:keys.label')}
          rules={[zodRule(ManufacturerKeyAddBodySchema.shape.label)]}
          style={{ flex: '1 1 240px', marginBottom: 0 }}
        >
          <Input maxLength={64} data-testid="key-label" />
        </Form.Item>
        <Form.Item label=" " style={{ marginBottom: 0 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={submit}
            loading={adding}
            data-testid="key-add"
          >
            {t('basic:keys.add')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}

/**
 * A manufacturer's firmware signing keys (Ed25519): the list with fingerprints, a key to add (PEM or raw
 * base64), and retiring one. Rotation: add the new key, sign new images with it, then retire the old one.
 */
export function ManufacturerKeysModal({
  row,
  onClose,
}: {
  row: ManufacturerRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const keys = useManufacturerKeys(row?.id ?? null);
  const add = useAddManufacturerKey();
  const retire = useRetireManufacturerKey(row?.id ?? 0);
  const canEdit = usePerm([PERM.basicDeviceEdit]);

  useEffect(() => {
    if (row) form.resetFields();
  }, [row, form]);

  const submit = async () => {
    if (!row) return;
    const v = await form.validateFields();
    try {
      await add.mutateAsync({ manufacturerId: row.id, publicKey: v.publicKey!, label: v.label || null });
      message.success(t('common:saved'));
      form.resetFields();
    } catch (err) {
      showFormError(form, err);
    }
  };

  const columns: ColumnsType<ManufacturerKeyRow> = [
    { title: t('basic:keys.label'), dataIndex: 'label', render: (v: string | null) => v ?? '—' },
    {
      title: t('basic:keys.fingerprint'),
      dataIndex: 'fingerprint',
      // Wraps rather than pushing the retire button out of sight.
      width: 260,
      render: (v: string) => (
        <Typography.Text
          code
          copyable={{ text: v }}
          style={{ wordBreak: 'break-all' }}
          data-testid="key-fingerprint"
        >
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('basic:keys.status'),
      dataIndex: 'retired',
      render: (retired: boolean, k) =>
        retired ? (
          <Tag title={k.retireTime ? formatDateTime(k.retireTime) : undefined}>{t('basic:keys.retired')}</Tag>
        ) : (
          <Tag color="green">{t('basic:keys.active')}</Tag>
        ),
    },
    { title: t('basic:keys.images'), dataIndex: 'imageCount', align: 'right' },
    { title: t('basic:createTime'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
  ];
  if (canEdit)
    columns.push({
      title: t('system:action.actions'),
      key: 'actions',
      render: (_, k) =>
        k.retired ? null : (
          <Popconfirm
            title={t('basic:keys.retireTitle')}
            description={<div style={{ maxWidth: 320 }}>{t('basic:keys.retireWarning')}</div>}
            okText={t('basic:keys.retire')}
            cancelText={t('system:action.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => retire.mutateAsync(k.id)}
          >
            <Button type="link" size="small" danger data-testid="key-retire">
              {t('basic:keys.retire')}
            </Button>
          </Popconfirm>
        ),
    });

  return (
    <Modal
      open={row !== null}
      title={t('basic:keys.title', { name: row?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={880}
    >
      <Flex vertical gap={16} data-testid="manufacturer-keys">
        <Alert type="info" showIcon title={t('basic:keys.hint')} />
        <Table<ManufacturerKeyRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={keys.data ?? []}
          loading={keys.isLoading}
          pagination={false}
          data-testid="manufacturer-key-table"
        />
        <Perm codes={[PERM.basicDeviceEdit]}>
          <KeyForm form={form} submit={submit} adding={add.isPending} />
        </Perm>
      </Flex>
    </Modal>
  );
}
