import type { ContactType } from '@pvstar/contract/enums';
import { App, Button, Descriptions, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/code-field.tsx';
import { readCodeTarget, toContact } from '../../components/contact.ts';
import { ContactField } from '../../components/contact-field.tsx';
import { ContactReveal } from '../../components/contact-reveal.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { bindInfo, refreshUserInfo } from './api/me-api.ts';

interface BindValues {
  phoneCode?: string;
  contact: string;
  code: string;
}

/** The bound phone or e-mail (masked, revealable) and a form to bind a new one with a code. */
export function ContactTab({
  type,
  userId,
  masked,
  readOnly,
}: {
  type: ContactType;
  userId: number;
  masked: string | null;
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
