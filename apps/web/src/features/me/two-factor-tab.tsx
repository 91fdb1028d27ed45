import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Space, Typography } from 'antd';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { md5, requiredRule } from '../../components/password.ts';
import { TotpInput } from '../../entities/two-factor/code-input.tsx';
import { disableTwoFactor, useTwoFactorStatus } from './api/me-api.ts';

// The set-up dialog brings the QR code: it loads when opened.
const TwoFactorSetupModal = lazyRetrying(() => import('./two-factor-setup-modal.tsx'));

/** Two-factor sign-in: its state, set-up, and turning it off (password and a current code). */
export function TwoFactorTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useTwoFactorStatus();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const [settingUp, setSettingUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const s = status.data;
  const closeSetup = useCallback(
    (changed: boolean) => {
      setSettingUp(false);
      if (changed) status.refetch();
    },
    [status.refetch],
  );

  const onDisable = async (v: { password: string; code: string }) => {
    setBusy(true);
    try {
      await disableTwoFactor({ password: await md5(v.password), code: v.code });
      form.resetFields();
      message.success(t('common:twoFactor.disabled'));
      await status.refetch();
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  if (!s) return null;
  return (
    <div style={{ maxWidth: 480 }} data-testid="two-factor-tab">
      <Space align="center" style={{ marginBottom: 12 }}>
        <SafetyCertificateOutlined style={{ fontSize: 20 }} />
        <Typography.Text strong>{t('twoFactor:title')}</Typography.Text>
      </Space>
      {s.required && (
        <Alert type="info" showIcon title={t('twoFactor:required')} style={{ marginBottom: 12 }} />
      )}
      {s.enabled ? (
        <>
          <Typography.Paragraph>
            {t('twoFactor:statusOn', { count: s.recoveryCodesLeft })}
          </Typography.Paragraph>
          {!s.required && (
            <Form form={form} layout="vertical" disabled={readOnly} onFinish={onDisable}>
              <Typography.Paragraph type="secondary">{t('twoFactor:turnOffHint')}</Typography.Paragraph>
              <Form.Item name="password" label={t('common:field.password')} rules={[requiredRule]}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                name="code"
                label={t('twoFactor:code')}
                rules={[{ required: true, pattern: /^\d{6}$/, message: t('common:validation.digits') }]}
              >
                <TotpInput />
              </Form.Item>
              <Button danger htmlType="submit" loading={busy} data-testid="two-factor-disable">
                {t('twoFactor:turnOff')}
              </Button>
            </Form>
          )}
        </>
      ) : (
        <>
          <Typography.Paragraph>{t('twoFactor:statusOff')}</Typography.Paragraph>
          <Button
            type="primary"
            disabled={readOnly}
            onClick={() => setSettingUp(true)}
            data-testid="two-factor-setup-open"
          >
            {t('twoFactor:setUp')}
          </Button>
        </>
      )}
      {settingUp && (
        <Suspense fallback={null}>
          <TwoFactorSetupModal onClose={closeSetup} />
        </Suspense>
      )}
    </div>
  );
}
