import { PLAIN_PASSWORD } from '@pvstar/contract/plain-rules';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n/index.ts';
import { requiredRule } from './password.ts';

/** A new password: at least 6 characters with upper- and lower-case letters. */
const newPasswordRules: FormRule[] = [
  requiredRule,
  {
    validator: async (_rule, value: string | undefined) => {
      if (value && !PLAIN_PASSWORD.test(value)) throw new Error(i18n.t('common:validation.password'));
    },
  },
];

/** The confirmation must equal the field `passwordField`. */
const confirmPasswordRules = (passwordField = 'password'): FormRule[] => [
  requiredRule,
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(passwordField))
        throw new Error(i18n.t('common:validation.passwordMismatch'));
    },
  }),
];

/** A new password (form field `password`, labelled `label`) and its confirmation (`confirmPassword`). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label} rules={newPasswordRules} extra={t('password.hint')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('common:field.confirmPassword')}
        dependencies={['password']}
        rules={confirmPasswordRules()}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
