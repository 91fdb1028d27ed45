import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { showFormError } from '../../components/form-errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { md5, requiredRule } from '../../components/password.ts';
import { acceptInvitation, useInvitationInfo } from './api/invitation-api.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ConsentField } from './components/consent-field.tsx';

interface Values {
  password: string;
  confirmPassword?: string;
  consent: boolean;
  agree: boolean;
}

/**
 * The owner's invitation (`/invitation?token=…`, the link of the mail, open without signing in): the
 * plant and installer it names, a new password (or, for an address that has an account, its password),
 * the consent to share the plant's data with the installer, and the service agreement.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useInvitationInfo(token);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState<string | null>(null);

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const password = await md5(v.password);
      const result = await acceptInvitation({
        token,
        password,
        confirmPassword: info.data?.existingAccount ? password : await md5(v.confirmPassword ?? ''),
        consent: true,
        agree: true,
      });
      setUsername(result.username);
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  const title = t('commissioning:accept.title');
  if (!token || info.isError)
    return (
      <AuthLayout title={title}>
        <Result status="warning" title={t('common:invitation.unavailable')} style={{ padding: 16 }} />
        <div style={{ textAlign: 'center' }}>
          <Link to="/login">{t('commissioning:accept.toLogin')}</Link>
        </div>
      </AuthLayout>
    );
  if (info.isPending)
    return (
      <AuthLayout title={title}>
        <Skeleton active />
      </AuthLayout>
    );
  if (username)
    return (
      <AuthLayout title={title}>
        <Result
          status="success"
          title={t('common:invitation.accepted')}
          subTitle={t('commissioning:accept.signInAs', { username })}
          extra={
            <Link to="/login">
              <Button type="primary" data-testid="invitation-sign-in">
                {t('commissioning:accept.toLogin')}
              </Button>
            </Link>
          }
        />
      </AuthLayout>
    );

  const i = info.data;
  return (
    <AuthLayout title={title}>
      <Typography.Paragraph data-testid="invitation-intro">
        {t('commissioning:accept.intro', { name: i.name, installer: i.installer, plant: i.stationName })}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'plant', label: t('commissioning:accept.plant'), children: i.stationName },
          { key: 'installer', label: t('commissioning:accept.installer'), children: i.installer },
          { key: 'email', label: t('commissioning:accept.email'), children: i.email },
          { key: 'expires', label: t('commissioning:accept.expires'), children: formatDateTime(i.expiresAt) },
        ]}
        style={{ marginBottom: 16 }}
      />
      {i.existingAccount && (
        <Alert type="info" showIcon title={t('commissioning:accept.existing')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ consent: false, agree: false }}
      >
        {i.existingAccount ? (
          <Form.Item name="password" label={t('common:field.password')} rules={[requiredRule]}>
            <Input.Password autoComplete="current-password" data-testid="invitation-password" />
          </Form.Item>
        ) : (
          <NewPasswordFields label={t('commissioning:accept.newPassword')} />
        )}
        <Form.Item
          name="consent"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: boolean) => {
                if (!value) throw new Error(t('common:invitation.consentRequired'));
              },
            },
          ]}
        >
          <Checkbox data-testid="invitation-consent">
            {t('commissioning:accept.consent', { installer: i.installer })}
          </Checkbox>
        </Form.Item>
        <ConsentField testId="invitation-agree" />
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="invitation-accept">
          {t('commissioning:accept.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
