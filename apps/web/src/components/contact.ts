import type { ContactType } from '@pvstar/contract/enums';
import type { FormInstance } from 'antd';
import type { CodeTarget } from './send-code-button.tsx';

// What a form does with a contact, apart from the inputs (contact-field.tsx), so that a page can show those
// later than it loads.

/** What separates the digits of a phone number as people type it. */
export const SEPARATORS = /[\s()/-]/g;

/** The stored form of a contact: an e-mail as typed, a phone as +<area code><number without leading 0>. */
export function toContact(contactType: ContactType, contact: string, phoneCode?: string | null): string {
  if (contactType === 'EMAIL') return contact.trim();
  const digits = contact.replace(SEPARATORS, '');
  if (digits.startsWith('+')) return digits;
  return `${phoneCode ?? ''}${digits.replace(/^0+/, '')}`;
}

/** Validates the contact fields of a form and gives what a code is sent to, or null. */
export async function readCodeTarget(
  form: FormInstance,
  fixedType?: ContactType,
): Promise<CodeTarget | null> {
  try {
    const names = fixedType ? ['phoneCode', 'contact'] : ['contactType', 'phoneCode', 'contact'];
    await form.validateFields(names);
    const contactType: ContactType = fixedType ?? form.getFieldValue('contactType');
    return {
      contactType,
      contact: toContact(contactType, form.getFieldValue('contact') ?? '', form.getFieldValue('phoneCode')),
    };
  } catch {
    return null;
  }
}
