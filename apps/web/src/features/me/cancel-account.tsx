import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { md5, requiredRule } from '../../components/password.ts';
import { signOut } from '../../components/sign-out.ts';
import { cancelAccount } from './api/me-api.ts';

/** Danger zone: deletes the own account after the password and a confirmation, then signs out. */
export function CancelAccount({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();

  const onFinish = ({ password }: { password: string }) =>
    modal.confirm({
      title: t('me.cancelTitle'),
      content: t('me.cancelConfirm'),
      okText: t('me.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('action.cancel'),
      onOk: async () => {
        try {
          await cancelAccount(await md5(password));
        } catch (err) {
          showFormError(form, err, message);
          return;
        }
        message.success(t('me.cancelled'));
        await signOut({ callServer: false });
      },
    });

  return (
    <Card title={t('me.dangerZone')} size="small" style={{ marginTop: 24, borderColor: '#ffccc7' }}>
      <Typography.Paragraph type="secondary">{t('me.cancelText')}</Typography.Paragraph>
      <Form form={form} layout="inline" disabled={readOnly} onFinish={onFinish}>
        <Form.Item name="password" rules={[requiredRule]}>
          <Input.Password placeholder={t('common:field.password')} autoComplete="current-password" />
        </Form.Item>
        <Button danger htmlType="submit">
          {t('me.cancelTitle')}
        </Button>
      </Form>
    </Card>
  );
}
