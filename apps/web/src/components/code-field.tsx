import type { CodePurpose } from '@pvstar/contract/enums';
import { codeSchema } from '@pvstar/contract/validation';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CodeTarget, SendCodeButton } from './send-code-button.tsx';
import { zodRule } from './zod-rule.ts';

/** The 6-digit code (form field `code`) with the button that sends it. */
export function CodeField({
  purpose,
  getTarget,
}: {
  purpose: CodePurpose;
  getTarget: () => Promise<CodeTarget | null>;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('common:field.code')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[zodRule(codeSchema, { required: true })]}>
          <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="code-input" />
        </Form.Item>
        <SendCodeButton purpose={purpose} getTarget={getTarget} />
      </Space.Compact>
    </Form.Item>
  );
}
