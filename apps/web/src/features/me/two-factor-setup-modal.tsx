import type { TwoFactorSetup } from '@pvstar/contract/two-factor';
import { Button, Form, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { TotpInput } from '../../entities/two-factor/code-input.tsx';
import QrSecret from '../../entities/two-factor/qr-secret.tsx';
import { RecoveryCodeList } from '../../entities/two-factor/recovery-code-list.tsx';
import { enableTwoFactor, startTwoFactorSetup } from './api/me-api.ts';

/** Set-up: a new secret (QR code and text), a first code to confirm it, then the recovery codes once. */
export default function TwoFactorSetupModal({ onClose }: { onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    startTwoFactorSetup().then(setSetup, () => onClose(false));
  }, [onClose]);

  const onFinish = async (v: { code: string }) => {
    setBusy(true);
    try {
      setCodes((await enableTwoFactor(v.code)).recoveryCodes);
    } catch (err) {
      showFormError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={codes ? t('twoFactor:recoveryTitle') : t('twoFactor:title')}
      onCancel={() => onClose(!!codes)}
      maskClosable={false}
      width={440}
      footer={
        codes ? (
          <Button type="primary" onClick={() => onClose(true)} data-testid="two-factor-done">
            {t('twoFactor:done')}
          </Button>
        ) : null
      }
    >
      <div data-testid="two-factor-setup">
        {codes ? (
          <RecoveryCodeList codes={codes} />
        ) : !setup ? (
          <Spin />
        ) : (
          <>
            <QrSecret setup={setup} />
            <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
              <Form.Item
                name="code"
                label={t('twoFactor:code')}
                rules={[{ required: true, pattern: /^\d{6}$/, message: t('common:validation.digits') }]}
              >
                <TotpInput autoFocus />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="two-factor-submit">
                {t('twoFactor:confirm')}
              </Button>
            </Form>
          </>
        )}
      </div>
    </Modal>
  );
}
