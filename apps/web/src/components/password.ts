import type { FormRule } from 'antd';
import i18n from '../i18n/index.ts';

/**
 * Every password leaves the browser as the MD5 hex of what was typed (requirements §R14.4). The hash code
 * loads with the first password sent, not with the form.
 */
export const md5 = async (plain: string): Promise<string> => (await import('spark-md5')).default.hash(plain);

/** A required field, with the message looked up when it shows (after the language has loaded). */
export const requiredRule: FormRule = {
  required: true,
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      throw new Error(i18n.t('common:validation.required'));
  },
};
