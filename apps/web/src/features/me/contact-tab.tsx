import type { ContactType } from '@pvstar/contract/enums';
import { codeSchema } from '@pvstar/contract/validation';
import { Alert, App, Button, Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/code-field.tsx';
import { readCodeTarget, toContact } from '../../components/contact.ts';
import { ContactField } from '../../components/contact-field.tsx';
import { ContactReveal } from '../../components/contact-reveal.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { bindInfo, confirmContact, refreshUserInfo } from './api/me-api.ts';

interface BindValues {
  phoneCode?: string;
  contact: string;
  code: string;
}

/**
 * The bound phone or e-mail (masked, revealable) and a form to bind a new one with a code; a contact an
 * administrator entered waits here until the user confirms the code sent to it.
 */
export function ContactTab({
  type,
  userId,
  masked,
  pending,
  readOnly,
}: {
  type: ContactType;
  userId: number;
  masked: string | null;
  pending: string | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BindValues>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: BindValues) => {
    setBusy(true);
    try {
      await bindInfo({ contactType: type, contact: toContact(type, v.contact, v.phoneCode), code: v.code });
      await refreshUserInfo();
      // The country code stays as chosen.
      form.resetFields(['contact', 'code']);
      message.success(t('me.bound'));
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {pending && <PendingContact type={type} pending={pending} readOnly={readOnly} />}
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'current',
            label: type === 'MOBILE' ? t('me.currentPhone') : t('me.currentEmail'),
            children: masked ? (
              <ContactReveal value={masked} viewType={type} id={userId} />
            ) : (
              t('me.notBound')
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 420, marginTop: 24 }}
        disabled={readOnly}
        onFinish={onFinish}
      >
        <ContactField contactType={type} />
        <CodeField purpose="BIND" getTarget={() => readCodeTarget(form, type)} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {type === 'MOBILE' ? t('me.bindPhone') : t('me.bindEmail')}
        </Button>
      </Form>
    </>
  );
}

function PendingContact({
  type,
  pending,
  readOnly,
}: {
  type: ContactType;
  pending: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: { code: string }) => {
    setBusy(true);
    try {
      await confirmContact({ contactType: type, code: v.code });
      await refreshUserInfo();
      message.success(t('me.contactConfirmed'));
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="pending-contact"
      title={t('me.pendingContact', { value: pending })}
      description={
        <Form form={form} layout="inline" disabled={readOnly} onFinish={onFinish} style={{ marginTop: 8 }}>
          <Form.Item name="code" rules={[zodRule(codeSchema, { required: true })]}>
            <Input
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('common:field.code')}
              data-testid="pending-contact-code"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('me.confirmContact')}
            </Button>
          </Form.Item>
        </Form>
      }
    />
  );
}
