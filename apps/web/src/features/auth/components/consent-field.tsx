import { Checkbox, Form } from 'antd';
import { ConsentText, consentRule } from './consent-text.tsx';

function ConsentCheckbox({
  checked,
  onChange,
  testId,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <Checkbox checked={checked} onChange={(e) => onChange?.(e.target.checked)} data-testid={testId}>
      <ConsentText />
    </Checkbox>
  );
}

/**
 * Consent to the service agreement and privacy policy (form field `agree`). Registration needs it
 * ticked; sign-in leaves it to the server (`checkedByServer`), which keeps the consent with the account
 * and asks (naming `agree`) only until the user has agreed once.
 */
export function ConsentField({ testId, checkedByServer }: { testId?: string; checkedByServer?: boolean }) {
  return (
    <Form.Item name="agree" valuePropName="checked" rules={checkedByServer ? [] : [consentRule]}>
      <ConsentCheckbox testId={testId} />
    </Form.Item>
  );
}
