import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from './password.ts';

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
