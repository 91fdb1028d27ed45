import type { CrcEntry } from '@pvstar/contract/dict';
import { system } from '@pvstar/contract/endpoints/system';
import type { ContactType } from '@pvstar/contract/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Form, type FormRule, Input, Radio, Space } from 'antd';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call, queryKey } from '../api/call.ts';
import i18n from '../i18n/index.ts';
import { useSettings } from '../stores/settings.ts';
import { SEPARATORS } from './contact.ts';
import { lazyRetrying } from './lazy-retrying.ts';
import { laterSchema, zodRule } from './zod-rule.ts';

export const crcQuery = queryOptions({
  queryKey: queryKey(system.listLangAreas),
  queryFn: ({ signal }) => call(system.listLangAreas, {}, { silent: true, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

// The calling codes (antd's Select) load when the phone is chosen: e-mail comes first.
const PhoneCodeSelect = lazyRetrying(() => import('./phone-code-select.tsx'));

/** A national number (or a full one with +); the server checks the combined number again. */
const phoneRule: FormRule = {
  required: true,
  validator: async (_rule, value: string | undefined) => {
    const digits = (value ?? '').replace(SEPARATORS, '');
    if (!digits) throw new Error(i18n.t('common:validation.phoneBlank'));
    if (!/^\+?[0-9]{4,15}$/.test(digits)) throw new Error(i18n.t('common:validation.phone'));
  },
};

/** E-mail or mobile, as a radio choice (form field `contactType`). */
export function ContactTypeField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="contactType" label={t('common:field.contactType')} initialValue="EMAIL">
      <Radio.Group
        disabled={disabled}
        optionType="button"
        options={[
          { value: 'EMAIL', label: t('common:field.email') },
          { value: 'MOBILE', label: t('common:field.phone') },
        ]}
      />
    </Form.Item>
  );
}

/**
 * The contact input (form field `contact`); for a phone with the country calling code in front
 * (form field `phoneCode`, preset from the interface language).
 */
export function ContactField({ contactType, disabled }: { contactType: ContactType; disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const language = useSettings((s) => s.language);
  const crc = useQuery({ ...crcQuery, enabled: contactType === 'MOBILE' });

  // One value per type: an e-mail must not stay in the phone field (nor the reverse) when the type
  // changes, and switching back brings back what was typed for that type.
  const typed = useRef<Partial<Record<ContactType, string>>>({});
  const shownType = useRef(contactType);
  useEffect(() => {
    if (shownType.current === contactType) return;
    typed.current[shownType.current] = form.getFieldValue('contact') ?? '';
    shownType.current = contactType;
    form.setFieldValue('contact', typed.current[contactType] ?? '');
    // The old type's error (e.g. "invalid e-mail") does not apply to the new field.
    form.setFields([{ name: 'contact', errors: [] }]);
  }, [contactType, form]);

  useEffect(() => {
    if (contactType !== 'MOBILE' || !crc.data?.length || form.getFieldValue('phoneCode')) return;
    const country = language.split('-')[1];
    const preset = crc.data.find((c) => c.countryCode === country) ?? crc.data[0];
    form.setFieldValue('phoneCode', preset?.phoneCode);
  }, [contactType, crc.data, form, language]);

  const countryName = (c: CrcEntry) => (language === 'zh-CN' ? c.countryRegionZh : c.countryRegionEn);
  const codes = [...new Map((crc.data ?? []).map((c) => [`${c.phoneCode} ${countryName(c)}`, c])).entries()];

  return (
    <Form.Item label={contactType === 'EMAIL' ? t('common:field.email') : t('common:field.phone')} required>
      <Space.Compact block>
        {contactType === 'MOBILE' && (
          <Suspense fallback={null}>
            <Form.Item name="phoneCode" noStyle>
              <PhoneCodeSelect
                disabled={disabled}
                loading={crc.isLoading}
                aria-label={t('contact.phoneCode')}
                options={codes.map(([label, c]) => ({ value: c.phoneCode, label, key: label }))}
              />
            </Form.Item>
          </Suspense>
        )}
        <Form.Item
          name="contact"
          noStyle
          rules={
            contactType === 'EMAIL' ? [zodRule(laterSchema('emailSchema'), { required: true })] : [phoneRule]
          }
        >
          <Input
            disabled={disabled}
            data-testid="contact-input"
            inputMode={contactType === 'EMAIL' ? 'email' : 'tel'}
            autoComplete={contactType === 'EMAIL' ? 'email' : 'tel-national'}
            placeholder={contactType === 'EMAIL' ? 'name@example.com' : t('contact.phonePlaceholder')}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
