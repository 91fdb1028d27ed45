import {
  CloseCircleFilled,
  ExclamationCircleFilled,
  ExperimentOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { LoginResult, SecondFactorStep as Step } from '@pvstar/contract/two-factor';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { AntdScope } from '../../components/antd-scope.tsx';
import { appConfigQuery } from '../../components/app-config.ts';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { md5 } from '../../components/password.ts';
import { toast } from '../../components/toast.ts';
import { withTexts } from '../../i18n/index.ts';
import { tokenStore, useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { trustedDevices } from '../../stores/trusted-devices.ts';
import { demoLogin, login } from './api/auth-api.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { ConsentText, consentRule } from './components/consent-text.tsx';
import { ModeTabs } from './components/mode-tabs.tsx';
import type { SignInForm } from './components/sign-in-form.ts';

/*
 * The sign-in form is drawn without antd (styles.css, `pv-` classes in the theme's colours): antd's form,
 * inputs and buttons alone weigh more than the page's budget of 200 KB (decision 007). What follows the
 * first view — sign-in by code, the second factor, the consent texts, the language menu — loads antd then.
 */

type Mode = 'password' | 'code';

// Sign-in by code is the second tab: its form (antd's, and the schemas that check it) loads when chosen.
const CodeSignInForm = lazyRetrying(() => import('./components/code-sign-in-form.tsx'));
// Only accounts with a second factor see its step; its texts (twoFactor) come with it, from the pages
// catalogue (the sign-in page itself needs only the core one).
const SecondFactorStep = lazyRetrying(
  withTexts(['twoFactor'], () => import('./components/second-factor-step.tsx')),
);

/** Signing in, by either form or as the demo; a second factor, when asked for, is the next step. */
function useSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'login' | 'demo' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step | null>(null);

  const enter = (token: string, trustedDevice?: string | null) => {
    if (trustedDevice) trustedDevices.add(trustedDevice);
    tokenStore.set(token);
    toast('success', t('login.welcome'));
    navigate('/', { replace: true });
  };

  /** Resolves with the server's messages by field; one that names no field shows above the buttons. */
  const signIn = async (kind: 'login' | 'demo', call: () => Promise<LoginResult>) => {
    setError(null);
    setBusy(kind);
    try {
      const result = await call();
      if (typeof result === 'string') enter(result);
      else setStep(result);
      return {};
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      if (Object.keys(fields).length === 0) setError((err as Error).message);
      return fields;
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, setError, step, setStep, enter, signIn };
}

/** Sign-in by password (user name, e-mail or phone) or by a code sent to an e-mail or phone. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('password');
  const [agree, setAgree] = useState(false);
  const config = useQuery(appConfigQuery);
  const expired = useSession((s) => s.expired);
  const { busy, error, setError, step, setStep, enter, signIn } = useSignIn();

  if (step)
    return (
      <AuthLayout title={t('login.title')}>
        <AntdScope>
          <SecondFactorStep step={step} onDone={enter} onBack={() => setStep(null)} />
        </AntdScope>
      </AuthLayout>
    );

  const form: SignInForm = {
    busy,
    error,
    agree,
    demo: !!config.data?.demo,
    onSignIn: (body) => signIn('login', () => login({ ...body, trustedDevices: trustedDevices.list() })),
    onDemo: () => void signIn('demo', demoLogin),
    onEdit: (ticked) => {
      setError(null);
      if (ticked !== undefined) setAgree(ticked);
    },
  };
  return (
    <AuthLayout title={t('login.title')}>
      {expired && <Notice type="warning" text={t('login.sessionExpired')} testId="login-session-expired" />}
      <ModeTabs<Mode>
        active={mode}
        onChange={(key) => {
          setMode(key);
          setError(null);
        }}
        items={[
          { key: 'password', label: t('login.byPassword') },
          { key: 'code', label: t('login.byCode') },
        ]}
      />
      {mode === 'password' ? (
        <PasswordSignInForm {...form} />
      ) : (
        <AntdScope>
          <CodeSignInForm {...form} />
        </AntdScope>
      )}
      <hr className="pv-divider" />
      <div className="pv-auth-links">
        <Link to="/register">{t('login.toRegister')}</Link>
        <Link to="/regPassword">{t('login.toForget')}</Link>
        <Link to="/downloadApp">{t('login.toDownload')}</Link>
      </div>
    </AuthLayout>
  );
}

type Field = 'account' | 'password' | 'agree';

/** Sign-in by password, in antd's look: account, password, "remember account", consent, the buttons. */
function PasswordSignInForm({ busy, error, agree, demo, onSignIn, onDemo, onEdit }: SignInForm) {
  const { t } = useTranslation();
  const remembered = useSettings((s) => s.rememberedAccount);
  const [account, setAccount] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(!!remembered);
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const edited = (field: Field | null, ticked?: boolean) => {
    if (field) setErrors(({ [field]: _, ...rest }) => rest);
    onEdit(ticked);
  };
  const required = t('common:validation.required');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Partial<Record<Field, string>> = {
      ...(account.trim() === '' && { account: required }),
      ...(password.trim() === '' && { password: required }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    useSettings.getState().setRememberedAccount(remember ? account.trim() : null);
    const body = {
      account: account.trim(),
      password: await md5(password),
      loginType: 'password',
      agree,
    } as const;
    setErrors(await onSignIn(body));
  };

  // The demo account is shared: each visitor agrees for themself.
  const onDemoClick = async () => {
    try {
      await consentRule.validator(null, agree);
      onDemo();
    } catch (err) {
      setErrors((all) => ({ ...all, agree: (err as Error).message }));
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormItem id="login-account" label={t('common:field.account')} error={errors.account}>
        <span className="pv-input">
          <UserOutlined />
          <input
            id="login-account"
            value={account}
            onChange={(e) => {
              setAccount(e.target.value);
              edited('account');
            }}
            placeholder={t('login.accountHint')}
            autoComplete="username"
            {...invalid('login-account', errors.account)}
            data-testid="login-account"
          />
        </span>
      </FormItem>
      <FormItem id="login-password" label={t('common:field.password')} error={errors.password}>
        <span className="pv-input">
          <LockOutlined />
          <input
            id="login-password"
            type={shown ? 'text' : 'password'}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              edited('password');
            }}
            autoComplete="current-password"
            {...invalid('login-password', errors.password)}
            data-testid="login-password"
          />
          <button
            type="button"
            className="pv-input-action"
            aria-label={t('login.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        </span>
      </FormItem>
      <div className="pv-form-item pv-form-item-tight">
        <label className="pv-checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
      </div>
      <FormItem id="login-agree" error={errors.agree}>
        <label className="pv-checkbox">
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => edited('agree', e.target.checked)}
            {...invalid('login-agree', errors.agree)}
            data-testid="login-agree"
          />
          <span>
            <ConsentText />
          </span>
        </label>
      </FormItem>
      {error && <Notice type="error" text={error} testId="login-error" />}
      <button
        type="submit"
        className="pv-button pv-button-primary pv-button-block"
        aria-busy={busy === 'login'}
        data-testid="login-submit"
      >
        {busy === 'login' && <span className="pv-spinner" aria-hidden />}
        {t('login.submit')}
      </button>
      {demo && (
        <button
          type="button"
          className="pv-button pv-button-block pv-login-demo"
          aria-busy={busy === 'demo'}
          onClick={onDemoClick}
          data-testid="login-demo"
        >
          {busy === 'demo' ? <span className="pv-spinner" aria-hidden /> : <ExperimentOutlined />}
          {t('login.demo')}
        </button>
      )}
    </form>
  );
}

/** An input's state for assistive technology: invalid, and described by its message, while it has one. */
const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

/** A field with its label and, below it, its message (antd's Form.Item as it looks). */
function FormItem({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'pv-form-item pv-form-item-invalid' : 'pv-form-item'}>
      {label && (
        <label className="pv-form-label" htmlFor={id}>
          {label}
        </label>
      )}
      {children}
      {error && (
        <div id={`${id}-error`} className="pv-form-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** A message above the form (antd's Alert as it looks): the session expired, or the server said no. */
function Notice({ type, text, testId }: { type: 'warning' | 'error'; text: string; testId: string }) {
  return (
    <div className={`pv-alert pv-alert-${type}`} role="alert" data-testid={testId}>
      {type === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
      <span>{text}</span>
    </div>
  );
}
