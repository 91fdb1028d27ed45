import type { ContactType } from '@pvstar/contract/enums';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeField } from '../../components/code-field.tsx';
import { readCodeTarget, toContact } from '../../components/contact.ts';
import { ContactField, ContactTypeField } from '../../components/contact-field.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { md5 } from '../../components/password.ts';
import { laterSchema, zodRule } from '../../components/zod-rule.ts';
import { register } from './api/auth-api.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ConsentField } from './components/consent-field.tsx';

interface RegisterValues {
  username: string;
  nickname?: string;
  contactType: ContactType;
  phoneCode?: string;
  contact: string;
  code: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

/** Self-registration with a verified e-mail or phone. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const contactType = Form.useWatch('contactType', form) ?? 'EMAIL';

  const onFinish = async (v: RegisterValues) => {
    setBusy(true);
    try {
      await register({
        username: v.username.trim(),
        nickname: v.nickname?.trim() || undefined,
        contactType: v.contactType,
        contact: toContact(v.contactType, v.contact, v.phoneCode),
        code: v.code,
        password: await md5(v.password),
        confirmPassword: await md5(v.confirmPassword),
        agree: true,
      });
      message.success(t('common:auth.registered'));
      navigate('/login', { replace: true });
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('register.title')}>
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ agree: false }}>
        <Form.Item
          name="username"
          label={t('common:field.username')}
          rules={[zodRule(laterSchema('usernameSchema'), { required: true })]}
        >
          <Input autoComplete="username" data-testid="register-username" />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('common:field.nickname')}
          rules={[zodRule(laterSchema('nameSchema'))]}
        >
          <Input autoComplete="nickname" />
        </Form.Item>
        <ContactTypeField />
        <ContactField contactType={contactType} />
        <CodeField purpose="REGISTER" getTarget={() => readCodeTarget(form)} />
        <NewPasswordFields label={t('common:field.password')} />
        <ConsentField testId="register-agree" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('register.toLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
