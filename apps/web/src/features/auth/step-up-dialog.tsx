import { codeSchema } from '@pvstar/contract/validation';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setStepUpHandler } from '../../api/http.ts';
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
 * this asks for the authenticator code (two-factor sign-in) or the password, sends it, and lets the
 * action go again. Mounted once; any call that meets the refusal opens it (api/http.ts).
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Proof>();
  const [open, setOpen] = useState(false);
  const [totp, setTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((done: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(async () => {
      // Several refused calls at once share one dialog.
      if (settle.current) return false;
      setTotp((await usesSecondFactor()) === true);
      form.resetFields();
      setOpen(true);
      return new Promise<boolean>((resolve) => {
        settle.current = resolve;
      });
    });
    return () => setStepUpHandler(async () => false);
  }, [form]);

  const finish = (done: boolean) => {
    setOpen(false);
    settle.current?.(done);
    settle.current = null;
  };

  const submit = async (v: Proof) => {
    setBusy(true);
    try {
      const body = totp ? { code: v.code?.trim() } : { password: await md5(v.password ?? '') };
      await stepUp(body);
      finish(true);
    } catch (err) {
      showFormError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('twoFactor:stepUp.title')}
      okText={t('twoFactor:confirm')}
      onOk={() => form.submit()}
      onCancel={() => finish(false)}
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
