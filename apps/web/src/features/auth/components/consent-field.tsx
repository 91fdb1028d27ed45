import { App, Checkbox, Form } from 'antd';
import type { MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import i18n from '../../../i18n/index.ts';

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
      <Trans
        i18nKey="consent.text"
        components={{
          agreement: (
            <a href="#agreement" onClick={show(t('consent.agreementTitle'), t('consent.agreementText'))} />
          ),
          privacy: <a href="#privacy" onClick={show(t('consent.privacyTitle'), t('consent.privacyText'))} />,
        }}
      />
    </Checkbox>
  );
}

/** Consent to the service agreement and privacy policy (form field `agree`); it must be ticked. */
export function ConsentField({ testId }: { testId?: string }) {
  return (
    <Form.Item
      name="agree"
      valuePropName="checked"
      rules={[
        {
          validator: async (_rule, value) => {
            if (value !== true) throw new Error(i18n.t('common:validation.consent'));
          },
        },
      ]}
    >
      <ConsentCheckbox testId={testId} />
    </Form.Item>
  );
}
