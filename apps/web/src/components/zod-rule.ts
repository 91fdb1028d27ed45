import { parseMessage } from '@pvstar/contract/validation';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import i18n from '../i18n/index.ts';

/**
 * An antd form rule from a contract schema, so the form and the server check the same thing.
 * The schema's messages are `common` catalogue keys (with parameters), translated here.
 */
export function zodRule(schema: z.ZodType, opts: { required?: boolean } = {}): FormRule {
  return {
    required: opts.required,
    validator: async (_rule, value) => {
      const empty = value === undefined || value === null || value === '';
      if (empty && !opts.required) return;
      if (empty) throw new Error(i18n.t('common:validation.required'));
      const result = schema.safeParse(value);
      if (result.success) return;
      const { key, params } = parseMessage(result.error.issues[0]?.message ?? 'validation.invalid');
      const text = i18n.exists(`common:${key}`)
        ? i18n.t(`common:${key}`, params)
        : i18n.t('common:validation.invalid');
      throw new Error(text);
    },
  };
}
