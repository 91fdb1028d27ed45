import { parseMessage } from '@pvstar/contract/plain-rules';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import i18n from '../i18n/index.ts';

/** The schemas of the contract's validation module that a form may check with before zod has loaded. */
type LaterSchema = 'codeSchema' | 'emailSchema' | 'nameSchema' | 'usernameSchema';

/**
 * A schema of the contract's validation module, loaded (with zod) when a field is first checked: for the
 * forms of pages that show before any check, whose first load zod would take over the budget (the public
 * pages, decision 007).
 */
export const laterSchema = (name: LaterSchema) => () =>
  import('@pvstar/contract/validation').then((validation) => validation[name] as z.ZodType);

/**
 * An antd form rule from a contract schema (or a `laterSchema`), so the form and the server check the same
 * thing. The schema's messages are `common` catalogue keys (with parameters), translated here.
 */
export function zodRule(
  schema: z.ZodType | (() => Promise<z.ZodType>),
  opts: { required?: boolean } = {},
): FormRule {
  return {
    required: opts.required,
    validator: async (_rule, value) => {
      const empty = value === undefined || value === null || value === '';
      if (empty && !opts.required) return;
      if (empty) throw new Error(i18n.t('common:validation.required'));
      const result = (typeof schema === 'function' ? await schema() : schema).safeParse(value);
      if (result.success) return;
      const { key, params } = parseMessage(result.error.issues[0]?.message ?? 'validation.invalid');
      const text = i18n.exists(`common:${key}`)
        ? i18n.t(`common:${key}`, params)
        : i18n.t('common:validation.invalid');
      throw new Error(text);
    },
  };
}
