import type { ContactType } from '@pvstar/contract/enums';
import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeField } from '../../components/code-field.tsx';
import { readCodeTarget, toContact } from '../../components/contact.ts';
import { ContactField, ContactTypeField } from '../../components/contact-field.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { md5 } from '../../components/password.ts';
import { forgetPassword } from './api/auth-api.ts';
import { AuthLayout } from './components/auth-layout.tsx';

interface ForgetValues {
  contactType: ContactType;
  phoneCode?: string;
  contact: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Forgot password: a code to the account's e-mail or phone, then a new password. */
export default function RegPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ForgetValues>();
  const [busy, setBusy] = useState(false);
  const contactType = Form.useWatch('contactType', form) ?? 'EMAIL';

  const onFinish = async (v: ForgetValues) => {
    setBusy(true);
    try {
      await forgetPassword({
        contactType: v.contactType,
        contact: toContact(v.contactType, v.contact, v.phoneCode),
        code: v.code,
        password: await md5(v.password),
        confirmPassword: await md5(v.confirmPassword),
      });
      message.success(t('common:auth.passwordReset'));
      navigate('/login', { replace: true });
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('forget.title')}>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <ContactTypeField />
        <ContactField contactType={contactType} />
        <CodeField purpose="FORGET" getTarget={() => readCodeTarget(form)} />
        <NewPasswordFields label={t('forget.newPassword')} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('forget.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('register.toLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
