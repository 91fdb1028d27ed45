import type { CodePurpose } from '@pvstar/contract/enums';
import { Form, Input, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodeTarget, SendCodeButton } from './send-code-button.tsx';
import { laterSchema, zodRule } from './zod-rule.ts';

/** The 6-digit code (form field `code`) with the button that sends it. */
export function CodeField({
  purpose,
  getTarget,
}: {
  purpose: CodePurpose;
  getTarget: () => Promise<CodeTarget | null>;
}) {
  const { t } = useTranslation();
  // The label sits on the row of input and button: it names the input by its id.
  const id = useId();
  return (
    <Form.Item label={t('common:field.code')} htmlFor={id} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[zodRule(laterSchema('codeSchema'), { required: true })]}>
          <Input
            id={id}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid="code-input"
          />
        </Form.Item>
        <SendCodeButton purpose={purpose} getTarget={getTarget} />
      </Space.Compact>
    </Form.Item>
  );
}
