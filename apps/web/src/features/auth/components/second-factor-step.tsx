import type { SecondFactorStep as Step, TwoFactorSetup } from '@pvstar/contract/two-factor';
import { Alert, Button, Checkbox, Form, Input, Spin, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { lazyRetrying } from '../../../components/lazy-retrying.ts';
import { TotpInput } from '../../../entities/two-factor/code-input.tsx';
import { RecoveryCodeList } from '../../../entities/two-factor/recovery-code-list.tsx';
import { challengeSetup, verifySecondFactor } from '../api/auth-api.ts';

const QrSecret = lazyRetrying(() => import('../../../entities/two-factor/qr-secret.tsx'));

interface Values {
  code?: string;
  recoveryCode?: string;
  rememberDevice?: boolean;
}

/**
 * The sign-in's second step (issue 17): a code from the authenticator app or a recovery code; or, where the
 * organisation requires a second factor the account lacks, its set-up. `onDone` gets the session token.
 */
export default function SecondFactorStep(props: {
  step: Step;
  /** The session token, and the remembered device's token to keep when the box was ticked. */
  onDone: (token: string, trustedDevice?: string | null) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [finished, setFinished] = useState<{
    token: string;
    device: string | null;
    codes: string[];
  } | null>(null);
  const setupStep = props.step.step === 'SETUP';

  useEffect(() => {
    if (setupStep) challengeSetup(props.step.challenge).then(setSetup, (err: Error) => setError(err.message));
  }, [setupStep, props.step.challenge]);

  const onFinish = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await verifySecondFactor({
        challenge: props.step.challenge,
        ...(useRecovery ? { recoveryCode: v.recoveryCode ?? '' } : { code: v.code ?? '' }),
        rememberDevice: !!v.rememberDevice,
      });
      if (result.recoveryCodes)
        setFinished({ token: result.token, device: result.trustedDevice, codes: result.recoveryCodes });
      else props.onDone(result.token, result.trustedDevice);
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
      const own = fields.filter(([name]) => name === 'code' || name === 'recoveryCode');
      if (own.length)
        form.setFields(own.map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
      else setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (finished)
    return (
      <div data-testid="second-factor-step">
        <Typography.Title level={5}>{t('twoFactor:recoveryTitle')}</Typography.Title>
        <RecoveryCodeList codes={finished.codes} />
        <Button
          type="primary"
          block
          style={{ marginTop: 16 }}
          onClick={() => props.onDone(finished.token, finished.device)}
          data-testid="two-factor-done"
        >
          {t('twoFactor:done')}
        </Button>
      </div>
    );

  const digits = { pattern: /^\d{6}$/, message: t('common:validation.digits') };
  return (
    <div data-testid="second-factor-step">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('twoFactor:title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {setupStep ? t('twoFactor:setupHint') : t('twoFactor:stepHint')}
      </Typography.Paragraph>
      {setupStep && (
        <Suspense fallback={<Spin />}>{setup ? <QrSecret setup={setup} /> : !error && <Spin />}</Suspense>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => setError(null)}
      >
        {useRecovery ? (
          <Form.Item
            name="recoveryCode"
            label={t('common:field.recoveryCode')}
            rules={[{ required: true, message: t('common:validation.required') }]}
          >
            <Input autoFocus autoComplete="off" placeholder="xxxxx-xxxxx" data-testid="two-factor-recovery" />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t('twoFactor:code')} rules={[{ required: true, ...digits }]}>
            <TotpInput autoFocus />
          </Form.Item>
        )}
        {!setupStep && (
          <Button
            type="link"
            style={{ padding: 0, marginBottom: 12 }}
            onClick={() => setUseRecovery(!useRecovery)}
            data-testid="two-factor-use-recovery"
          >
            {useRecovery ? t('twoFactor:useCode') : t('twoFactor:useRecovery')}
          </Button>
        )}
        <Form.Item name="rememberDevice" valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox data-testid="two-factor-remember">{t('twoFactor:rememberDevice')}</Checkbox>
        </Form.Item>
        {error && (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="two-factor-submit">
          {setupStep ? t('twoFactor:confirm') : t('twoFactor:verify')}
        </Button>
        <Button type="link" block style={{ marginTop: 8 }} onClick={props.onBack}>
          {t('twoFactor:back')}
        </Button>
      </Form>
    </div>
  );
}
