import { ExperimentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import type { ContactType } from '@pvstar/contract/enums';
import type { LoginResult, SecondFactorStep as Step } from '@pvstar/contract/two-factor';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { Alert, App, Button, Checkbox, Divider, Flex, Form, Input, Tabs } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { appConfigQuery } from '../../components/app-config.ts';
import { readCodeTarget, toContact } from '../../components/contact.ts';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { md5, requiredRule } from '../../components/password.ts';
import { withPageTexts } from '../../i18n/index.ts';
import { tokenStore, useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { trustedDevices } from '../../stores/trusted-devices.ts';
import { demoLogin, login } from './api/auth-api.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ConsentField, consentRule } from './components/consent-field.tsx';

type Mode = 'password' | 'code';

// Sign-in by code is the second tab: its inputs (and the schemas that check them) load when it is chosen.
const CodeSignInFields = lazyRetrying(() => import('./components/code-sign-in-fields.tsx'));
// Only accounts with a second factor see its step; its texts (twoFactor) come with it, from the pages
// catalogue (the sign-in page itself needs only the core one).
const SecondFactorStep = lazyRetrying(withPageTexts(() => import('./components/second-factor-step.tsx')));

interface LoginValues {
  account?: string;
  password?: string;
  contactType?: ContactType;
  phoneCode?: string;
  contact?: string;
  code?: string;
  remember?: boolean;
  agree?: boolean;
}

/** Signing in: by password, by code or as the demo; a second factor, when asked for, is the next step. */
function useSignIn(form: FormInstance<LoginValues>, mode: Mode) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'login' | 'demo' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step | null>(null);

  const enter = (token: string, trustedDevice?: string | null) => {
    if (trustedDevice) trustedDevices.add(trustedDevice);
    tokenStore.set(token);
    message.success(t('login.welcome'));
    navigate('/', { replace: true });
  };

  const signIn = async (kind: 'login' | 'demo', call: () => Promise<LoginResult>) => {
    setError(null);
    setBusy(kind);
    try {
      const result = await call();
      if (typeof result === 'string') enter(result);
      else setStep(result);
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
      // In the code form the account is the contact field.
      const rename = (name: string) =>
        (mode === 'code' && name === 'account' ? 'contact' : name) as keyof LoginValues;
      if (fields.length > 0)
        form.setFields(fields.map(([name, text]) => ({ name: rename(name), errors: [text] })));
      else setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const onFinish = (v: LoginValues) => {
    if (mode === 'password') {
      const account = (v.account ?? '').trim();
      useSettings.getState().setRememberedAccount(v.remember ? account : null);
      return signIn('login', async () =>
        login({
          account,
          password: await md5(v.password ?? ''),
          loginType: 'password',
          agree: !!v.agree,
          trustedDevices: trustedDevices.list(),
        }),
      );
    }
    const account = toContact(v.contactType ?? 'EMAIL', v.contact ?? '', v.phoneCode);
    return signIn('login', () =>
      login({
        account,
        code: v.code ?? '',
        loginType: 'code',
        agree: !!v.agree,
        trustedDevices: trustedDevices.list(),
      }),
    );
  };

  // The demo account is shared: each visitor agrees for themself.
  const onDemo = async () => {
    try {
      await consentRule.validator(null, form.getFieldValue('agree'));
    } catch (err) {
      form.setFields([{ name: 'agree', errors: [(err as Error).message] }]);
      return;
    }
    await signIn('demo', demoLogin);
  };
  return { busy, error, setError, step, setStep, enter, onFinish, onDemo };
}

/** Sign-in by password (user name, e-mail or phone) or by a code sent to an e-mail or phone. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const [mode, setMode] = useState<Mode>('password');
  const remembered = useSettings((s) => s.rememberedAccount);
  const config = useQuery(appConfigQuery);
  const contactType = Form.useWatch('contactType', form) ?? 'EMAIL';
  const expired = useSession((s) => s.expired);

  const { busy, error, setError, step, setStep, enter, onFinish, onDemo } = useSignIn(form, mode);

  if (step)
    return (
      <AuthLayout title={t('login.title')}>
        <Suspense fallback={null}>
          <SecondFactorStep step={step} onDone={enter} onBack={() => setStep(null)} />
        </Suspense>
      </AuthLayout>
    );

  return (
    <AuthLayout title={t('login.title')}>
      {expired && (
        <Alert
          type="warning"
          showIcon
          title={t('login.sessionExpired')}
          style={{ marginBottom: 12 }}
          data-testid="login-session-expired"
        />
      )}
      <Tabs
        centered
        activeKey={mode}
        onChange={(key) => {
          setMode(key as Mode);
          setError(null);
        }}
        items={[
          { key: 'password', label: t('login.byPassword') },
          { key: 'code', label: t('login.byCode') },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => setError(null)}
        initialValues={{ account: remembered ?? '', remember: !!remembered, agree: false }}
      >
        {mode === 'password' ? (
          <>
            <Form.Item name="account" label={t('common:field.account')} rules={[requiredRule]}>
              <Input
                prefix={<UserOutlined />}
                placeholder={t('login.accountHint')}
                autoComplete="username"
                data-testid="login-account"
              />
            </Form.Item>
            <Form.Item name="password" label={t('common:field.password')} rules={[requiredRule]}>
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Form.Item name="remember" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('login.remember')}</Checkbox>
            </Form.Item>
          </>
        ) : (
          <Suspense fallback={null}>
            <CodeSignInFields contactType={contactType} getTarget={() => readCodeTarget(form)} />
          </Suspense>
        )}
        <ConsentField testId="login-agree" checkedByServer />
        {error && (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
        )}
        <Button type="primary" htmlType="submit" block loading={busy === 'login'} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        {config.data?.demo && (
          <Button
            block
            icon={<ExperimentOutlined />}
            style={{ marginTop: 12 }}
            loading={busy === 'demo'}
            onClick={onDemo}
            data-testid="login-demo"
          >
            {t('login.demo')}
          </Button>
        )}
      </Form>
      <Divider plain style={{ margin: '20px 0 12px' }} />
      <Flex justify="space-between" wrap gap={8}>
        <Link to="/register">{t('login.toRegister')}</Link>
        <Link to="/regPassword">{t('login.toForget')}</Link>
        <Link to="/downloadApp">{t('login.toDownload')}</Link>
      </Flex>
    </AuthLayout>
  );
}
