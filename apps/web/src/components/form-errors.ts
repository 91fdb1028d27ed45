import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError } from '../api/http.ts';

/**
 * Shows a failed call on the form: the server's field errors (400/422) under their fields, any other
 * failure as a toast. `rename` maps a body field to the form field that holds it.
 */
export function showFormError(
  form: FormInstance,
  err: unknown,
  message: MessageInstance,
  rename: Record<string, string> = {},
): void {
  if (!(err instanceof ApiError)) {
    message.error(String((err as Error)?.message ?? err));
    return;
  }
  if (err.code === 401) return;
  const fields = Object.entries(err.fields);
  if (fields.length === 0) {
    message.error(err.message);
    return;
  }
  form.setFields(fields.map(([name, text]) => ({ name: rename[name] ?? name, errors: [text] })));
}
