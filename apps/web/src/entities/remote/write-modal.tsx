import type { ParamValues } from '@pvstar/contract/remote';
import { Alert, type ButtonProps, Form, Input, Modal, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { md5, requiredRule } from '../../components/password.ts';
import { useWriteParams } from './remote-api.ts';
import { formatParamValue, paramLabel } from './remote-labels.ts';

interface ChangeRow {
  key: string;
  old: string;
  new: string;
}

/**
 * The last step of a write: what changes (old → new, with units) and the user's own password again.
 * A wrong password stays in the dialog; any other refusal is handed back (`onFailed`) for the form.
 */
export function WriteModal({
  deviceId,
  sn,
  changes,
  reported,
  disclaimerAccepted,
  onClose,
  onSent,
  onFailed,
}: {
  deviceId: number;
  sn: string;
  /** Only the changed values; null while the dialog is closed. */
  changes: ParamValues | null;
  reported: ParamValues;
  disclaimerAccepted: boolean;
  onClose: () => void;
  onSent: () => void;
  onFailed: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password?: string }>();
  const write = useWriteParams(deviceId);

  useEffect(() => {
    if (changes) form.resetFields();
  }, [changes, form]);

  const rows: ChangeRow[] = Object.entries(changes ?? {}).map(([key, value]) => ({
    key,
    old: formatParamValue(t, key, reported[key as keyof ParamValues]),
    new: formatParamValue(t, key, value),
  }));

  const submit = async () => {
    if (!changes) return;
    let password: string;
    try {
      password = (await form.validateFields()).password ?? '';
    } catch {
      return;
    }
    try {
      await write.mutateAsync({ values: changes, disclaimerAccepted, password: await md5(password) });
      onSent();
    } catch (err) {
      const wrongPassword = err instanceof ApiError ? err.fields.password : undefined;
      if (wrongPassword) form.setFields([{ name: 'password', errors: [wrongPassword] }]);
      else onFailed(err);
    }
  };

  return (
    <Modal
      open={changes !== null}
      title={t('remote:confirm.title', { sn })}
      okText={t('remote:confirm.ok')}
      cancelText={t('system:action.cancel')}
      okButtonProps={{ 'data-testid': 'remote-confirm' } as ButtonProps}
      confirmLoading={write.isPending}
      onOk={submit}
      onCancel={onClose}
      width={640}
      // Not forceRender: a rendered (even closed) dialog sits on antd's Escape stack above the drawer
      // holding it, and Escape would never reach the drawer.
      data-testid="remote-write-modal"
    >
      <Typography.Paragraph>{t('remote:confirm.intro')}</Typography.Paragraph>
      <Table<ChangeRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        data-testid="remote-changes"
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('remote:confirm.param'), dataIndex: 'key', render: (key: string) => paramLabel(t, key) },
          { title: t('remote:confirm.old'), dataIndex: 'old' },
          { title: t('remote:confirm.new'), dataIndex: 'new', render: (v: string) => <strong>{v}</strong> },
        ]}
      />
      <Alert type="warning" showIcon title={t('remote:confirm.warning')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        name={`remote-write-${deviceId}`}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
      >
        <Form.Item
          name="password"
          label={t('remote:confirm.password')}
          extra={t('remote:confirm.passwordHint')}
          rules={[requiredRule]}
        >
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="remote-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
