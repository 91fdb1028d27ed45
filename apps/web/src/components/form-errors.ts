import type { FormInstance } from 'antd';
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError } from '../api/http.ts';

/**
 * Shows a failed call on its form. The server's field errors (400/422) go under the fields the form
 * has (`rename` maps a body field to the form field that holds it); a field error the form has no
 * field for, and any failure without field errors, shows as a toast: through `message` when given
 * (from `App.useApp()`), else antd's static one. A 401 shows nothing: the client has already sent the
 * user to sign in. Forms call the API with `silent` so that nothing is shown twice.
 */
export function showFormError(
  form: FormInstance,
  err: unknown,
  message?: MessageInstance,
  rename: Record<string, string> = {},
): void {
  const toast = message ?? staticMessage;
  if (!(err instanceof ApiError)) {
    toast.error(String((err as Error)?.message ?? err));
    return;
  }
  if (err.code === 401) return;
  const registered = new Set(form.getFieldsError().map((f) => String(f.name[0])));
  const fields = Object.entries(err.fields).map(([name, text]) => [rename[name] ?? name, text] as const);
  const known = fields.filter(([name]) => registered.has(name));
  if (known.length > 0) form.setFields(known.map(([name, text]) => ({ name, errors: [text] })));
  if (known.length < fields.length || fields.length === 0) toast.error(err.message);
}
