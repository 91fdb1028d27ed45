import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError } from '../../../api/http.ts';
import { showFormError } from '../../../components/form-errors.ts';

/** `devices.dongles.0.sn` → ['devices', 'dongles', 0, 'sn'], the name path of the form field. */
const namePath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The server's field errors on the plant form, nested ones (devices) included; anything the form has
 * no field for goes to the shared helper (a toast).
 */
export function showPlantErrors(form: FormInstance, err: unknown, message: MessageInstance) {
  if (!(err instanceof ApiError) || err.code === 401) return showFormError(form, err, message);
  const registered = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name)));
  const fields = Object.entries(err.fields).map(([field, text]) => ({ name: namePath(field), text }));
  const known = fields.filter((f) => registered.has(JSON.stringify(f.name)));
  if (known.length) {
    form.setFields(known.map((f) => ({ name: f.name, errors: [f.text] })));
    form.scrollToField(known[0]!.name, { block: 'center' });
  }
  if (known.length < fields.length || fields.length === 0) message.error(err.message);
}
