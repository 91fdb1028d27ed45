import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { md5, requiredRule } from '../../components/password.ts';
import { updatePassword } from './api/me-api.ts';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Changes the password; the server then ends the account's other sessions. */
export function PasswordTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: PasswordValues) => {
    setBusy(true);
    try {
      await updatePassword({
        oldPassword: await md5(v.oldPassword),
        password: await md5(v.password),
        confirmPassword: await md5(v.confirmPassword),
      });
      form.resetFields();
      modal.success({
        title: t('me.passwordChanged'),
        content: t('me.otherSessionsEnded'),
        okText: t('action.close'),
      });
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} disabled={readOnly} onFinish={onFinish}>
      <Form.Item name="oldPassword" label={t('common:field.oldPassword')} rules={[requiredRule]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields label={t('forget.newPassword')} />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('me.changePassword')}
      </Button>
    </Form>
  );
}
