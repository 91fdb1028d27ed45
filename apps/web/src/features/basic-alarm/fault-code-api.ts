import { CLIENT_HEADERS } from '@pvstar/contract/client';
import type {
  FaultCodeAddBody,
  FaultCodeEditBody,
  FaultCodePageBody,
  FaultImportError,
  FaultImportResult,
} from '@pvstar/contract/fault-code';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, post, saveBlob } from '../../api/http.ts';
import i18n from '../../i18n/index.ts';
import { tokenStore } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';

export const FAULT_CODE_PAGE_KEY = 'fault-codes';

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['page', FAULT_CODE_PAGE_KEY] });
}

export function useSaveFaultCode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FaultCodeAddBody | FaultCodeEditBody) =>
      post('id' in body ? '/system/faultCode/edit' : '/system/faultCode/add', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteFaultCode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post('/system/faultCode/delete', { id }),
    onSuccess: invalidate,
  });
}

/** Downloads the filtered library as xlsx. */
export async function exportFaultCodes(filter: FaultCodePageBody) {
  const blob = await post<Blob>('/system/faultCode/export', filter, { blob: true });
  saveBlob(blob, `fault-codes-${new Date().toISOString().slice(0, 10)}.xlsx`);
}

/** A refused import: every bad row, nothing imported. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly errors: FaultImportError[],
  ) {
    super(message);
  }
}

/**
 * Uploads an xlsx as multipart (the JSON client cannot), with the same headers as every call. A 422
 * carries the row errors; any other failure is thrown as ApiError.
 */
export async function importFaultCodes(file: File): Promise<{ result: FaultImportResult; msg: string }> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = {
    fromType: CLIENT_HEADERS.fromType,
    lang: useSettings.getState().language,
  };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch('/system/faultCode/import', { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, i18n.t('common:http.network'));
  }
  const envelope = (await res.json().catch(() => null)) as {
    code: number;
    msg: string;
    data: unknown;
  } | null;
  if (envelope?.code === 200) return { result: envelope.data as FaultImportResult, msg: envelope.msg };
  const msg = envelope?.msg || i18n.t('common:serviceFail');
  const errors = (envelope?.data as { errors?: FaultImportError[] } | null)?.errors;
  if (envelope?.code === 422 && errors) throw new ImportRefused(msg, errors);
  throw new ApiError(envelope?.code ?? res.status, msg);
}
