import { codeSchema } from '@pvstar/contract/validation';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { md5, requiredRule } from '../../components/password.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { stepUp, usesSecondFactor } from './api/auth-api.ts';

interface Proof {
  password?: string;
  code?: string;
}

/**
 * Step-up (issue 33): a dangerous action — deleting a plant, a dongle's new secret, a webhook's address or
 * secret, inviting an owner, starting firmware, writing inverter settings — answered "prove it is you";
 * this asks for the authenticator code (two-factor sign-in) or the password, sends it, and says whether it
 * was given (`onDone`), so that the action goes again. Loaded and opened by StepUpHost when needed.
 */
export default function StepUpDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Proof>();
  const [totp, setTotp] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void usesSecondFactor().then((enabled) => setTotp(enabled === true));
  }, []);

  const submit = async (v: Proof) => {
    setBusy(true);
    try {
      const body = totp ? { code: v.code?.trim() } : { password: await md5(v.password ?? '') };
      await stepUp(body);
      onDone(true);
    } catch (err) {
      showFormError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={totp !== null}
      title={t('twoFactor:stepUp.title')}
      okText={t('twoFactor:confirm')}
      onOk={() => form.submit()}
      onCancel={() => onDone(false)}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'step-up-ok' } }}
      data-testid="step-up-dialog"
    >
      <Alert type="info" showIcon title={t('twoFactor:stepUp.intro')} style={{ marginBottom: 16 }} />
      <Form<Proof> form={form} layout="vertical" onFinish={submit} preserve={false}>
        {totp ? (
          <Form.Item
            name="code"
            label={t('twoFactor:code')}
            rules={[zodRule(codeSchema, { required: true })]}
          >
            <Input
              autoFocus
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              data-testid="step-up-code"
            />
          </Form.Item>
        ) : (
          <Form.Item name="password" label={t('common:field.password')} rules={[requiredRule]}>
            <Input.Password autoFocus autoComplete="current-password" data-testid="step-up-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
