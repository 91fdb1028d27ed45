import { z } from 'zod';
import { withParams } from './plain-rules.ts';

/**
 * Field rules shared by the server's validation and the web's forms. Messages are keys of the
 * `common` catalogue (`validation.*`); `{min}`/`{max}` come from the issue itself. (What needs no zod is in
 * plain-rules.ts, re-exported here.)
 */
export { PLAIN_PASSWORD, parseMessage, withParams } from './plain-rules.ts';

export const MD5_HEX = /^[a-f0-9]{32}$/i;
export const md5Schema = z
  .string({ error: 'validation.required' })
  .regex(MD5_HEX, { message: 'validation.invalid' });

export const requiredText = (min: number, max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .min(min, { message: withParams('validation.length', { min, max }) })
    .max(max, { message: withParams('validation.length', { min, max }) });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: withParams('validation.length', { min: 0, max }) })
    .optional()
    .nullable();

export const usernameSchema = requiredText(3, 30).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, {
  message: 'validation.alphanumeric',
});
export const nameSchema = requiredText(1, 64).regex(/^[^<>{}\\]*$/, { message: 'validation.specialChars' });
export const emailSchema = z
  .string()
  .trim()
  .max(254, { message: withParams('validation.length', { min: 3, max: 254 }) })
  .email({ message: 'validation.email' });
/** International format: optional +, 6–15 digits (area code included). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{6,15}$/, { message: 'validation.phone' });
export const codeSchema = z.string().regex(/^[0-9]{6}$/, { message: 'validation.digits' });

export const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);
export const isNumeric = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

/** Masks a contact for display: 49170****567, ma***@example.com. */
export function maskContact(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  if (value.length <= 6) return '*'.repeat(value.length);
  return `${value.slice(0, value.length - 7)}****${value.slice(-3)}`;
}
