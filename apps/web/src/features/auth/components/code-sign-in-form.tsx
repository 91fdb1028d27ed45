import { ExperimentOutlined } from '@ant-design/icons';
import type { ContactType } from '@pvstar/contract/enums';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field.tsx';
import { readCodeTarget, toContact } from '../../../components/contact.ts';
import { ContactField, ContactTypeField } from '../../../components/contact-field.tsx';
import { ConsentField } from './consent-field.tsx';
import { consentRule } from './consent-text.tsx';
import type { SignInForm } from './sign-in-form.ts';

interface CodeValues {
  contactType?: ContactType;
  phoneCode?: string;
  contact?: string;
  code?: string;
  agree?: boolean;
}

/**
 * Sign-in by a code sent to an e-mail or phone: the sign-in page's second tab, loaded (with antd) when it
 * is chosen. The page signs in; this form shows its fields, the error and the buttons.
 */
export default function CodeSignInForm({ busy, error, agree, demo, onSignIn, onDemo, onEdit }: SignInForm) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const contactType = Form.useWatch('contactType', form) ?? 'EMAIL';

  const onFinish = async (v: CodeValues) => {
    const account = toContact(v.contactType ?? 'EMAIL', v.contact ?? '', v.phoneCode);
    const fields = await onSignIn({ account, code: v.code ?? '', loginType: 'code', agree: !!v.agree });
    // Here the account is the contact field.
    form.setFields(
      Object.entries(fields).map(([name, text]) => ({
        name: (name === 'account' ? 'contact' : name) as keyof CodeValues,
        errors: [text],
      })),
    );
  };

  // The demo account is shared: each visitor agrees for themself.
  const onDemoClick = async () => {
    try {
      await consentRule.validator(null, form.getFieldValue('agree'));
    } catch (err) {
      form.setFields([{ name: 'agree', errors: [(err as Error).message] }]);
      return;
    }
    onDemo();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={(changed: CodeValues) => onEdit(changed.agree)}
      initialValues={{ agree }}
    >
      <ContactTypeField />
      <ContactField contactType={contactType} />
      <CodeField purpose="LOGIN" getTarget={() => readCodeTarget(form)} />
      <ConsentField testId="login-agree" checkedByServer />
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <Button type="primary" htmlType="submit" block loading={busy === 'login'} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      {demo && (
        <Button
          block
          icon={<ExperimentOutlined />}
          style={{ marginTop: 12 }}
          loading={busy === 'demo'}
          onClick={onDemoClick}
          data-testid="login-demo"
        >
          {t('login.demo')}
        </Button>
      )}
    </Form>
  );
}
