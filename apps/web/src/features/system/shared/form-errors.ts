import type { FormInstance } from 'antd';
import { message } from 'antd';
import { ApiError } from '../../../api/http.ts';

/**
 * Shows a failed save: field problems of a 400/422 answer next to their fields, anything else as a
 * toast. Forms call the API with `silent` so that nothing is shown twice.
 */
export function showSaveError(form: FormInstance, err: unknown) {
  if (err instanceof ApiError) {
    const fields = Object.entries(err.fields);
    const registered = new Set(form.getFieldsError().map((f) => String(f.name[0])));
    const known = fields.filter(([name]) => registered.has(name));
    if (known.length > 0) form.setFields(known.map(([name, msg]) => ({ name, errors: [msg] })));
    if (known.length < fields.length || fields.length === 0) message.error(err.message);
    return;
  }
  message.error(String(err));
}

/** Drops empty strings and trims text so that optional filters are left out of the request. */
export function cleanFilter<T extends object>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '' && value !== undefined && value !== null) out[k] = value;
  }
  return out as Partial<T>;
}
