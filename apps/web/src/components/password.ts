import { PLAIN_PASSWORD } from '@pvstar/contract/validation';
import type { FormRule } from 'antd';
import SparkMD5 from 'spark-md5';
import i18n from '../i18n/index.ts';

/** Every password leaves the browser as the MD5 hex of what was typed (SPEC §5). */
export const md5 = (plain: string): string => SparkMD5.hash(plain);

/** A required field, with the message looked up when it shows (after the language has loaded). */
export const requiredRule: FormRule = {
  required: true,
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      throw new Error(i18n.t('common:validation.required'));
  },
};

/** A new password: at least 6 characters with upper- and lower-case letters. */
export const newPasswordRules: FormRule[] = [
  requiredRule,
  {
    validator: async (_rule, value: string | undefined) => {
      if (value && !PLAIN_PASSWORD.test(value)) throw new Error(i18n.t('common:validation.password'));
    },
  },
];

/** The confirmation must equal the field `passwordField`. */
export const confirmPasswordRules = (passwordField = 'password'): FormRule[] => [
  requiredRule,
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(passwordField))
        throw new Error(i18n.t('common:validation.passwordMismatch'));
    },
  }),
];
