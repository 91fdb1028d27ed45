import { App, Checkbox, Form } from 'antd';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/index.ts';

/**
 * The consent sentence with its two links: the catalogue marks them as `<agreement>…</agreement>` and
 * `<privacy>…</privacy>`. (Done here rather than with react-i18next's Trans, whose HTML parser would
 * load with the sign-in page for this one sentence.)
 */
function withLinks(text: string, links: Record<'agreement' | 'privacy', (text: string) => ReactNode>) {
  return text.split(/<(agreement|privacy)>(.*?)<\/\1>/).map((part, i, parts) => {
    // split() with two groups: text, tag, link text, text, …
    if (i % 3 === 0) return part;
    if (i % 3 === 2) return null;
    const tag = part as 'agreement' | 'privacy';
    return <Fragment key={tag}>{links[tag](parts[i + 1] ?? '')}</Fragment>;
  });
}

function ConsentCheckbox({
  checked,
  onChange,
  testId,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const show = (title: string, text: string) => (e: MouseEvent) => {
    // A click on a link inside the label must open the text, not tick the box.
    e.preventDefault();
    modal.info({
      title,
      content: <div style={{ whiteSpace: 'pre-line' }}>{text}</div>,
      width: 560,
      okText: t('action.close'),
    });
  };
  return (
    <Checkbox checked={checked} onChange={(e) => onChange?.(e.target.checked)} data-testid={testId}>
      {withLinks(t('consent.text'), {
        agreement: (text) => (
          <a href="#agreement" onClick={show(t('consent.agreementTitle'), t('consent.agreementText'))}>
            {text}
          </a>
        ),
        privacy: (text) => (
          <a href="#privacy" onClick={show(t('consent.privacyTitle'), t('consent.privacyText'))}>
            {text}
          </a>
        ),
      })}
    </Checkbox>
  );
}

/** The consent box's rule: ticked. */
export const consentRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (value !== true) throw new Error(i18n.t('common:validation.consent'));
  },
};

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
