import { faultCode } from '@pvstar/contract/endpoints/fault-code';
import type {
  FaultCodeAddBody,
  FaultCodeEditBody,
  FaultCodePageBody,
  FaultImportError,
  FaultImportResult,
} from '@pvstar/contract/fault-code';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKey, upload } from '../../../api/call.ts';
import { ApiError, saveBlob } from '../../../api/http.ts';

/** Saving, deleting and importing all change the library's list. */
export function useInvalidateFaultCodes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKey(faultCode.page) });
}

export function useSaveFaultCode() {
  const invalidate = useInvalidateFaultCodes();
  return useMutation({
    mutationFn: (body: FaultCodeAddBody | FaultCodeEditBody) =>
      'id' in body
        ? call(faultCode.edit, { body }, { silent: true })
        : call(faultCode.add, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteFaultCode() {
  const invalidate = useInvalidateFaultCodes();
  return useMutation({
    mutationFn: (id: number) => call(faultCode.delete, { body: { id } }),
    onSuccess: invalidate,
  });
}

/** Downloads the filtered library as xlsx. */
export async function exportFaultCodes(filter: FaultCodePageBody) {
  const blob = await call(faultCode.export, { body: filter });
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
 * Uploads an xlsx. A 422 carries the row errors (thrown as ImportRefused); any other failure is thrown as
 * ApiError. Silent: the dialog shows either.
 */
export async function importFaultCodes(file: File): Promise<FaultImportResult> {
  try {
    return await upload(faultCode.import, file, { silent: true });
  } catch (err) {
    const errors =
      err instanceof ApiError ? (err.data as { errors?: FaultImportError[] } | null)?.errors : null;
    if (err instanceof ApiError && err.code === 422 && errors) throw new ImportRefused(err.message, errors);
    throw err;
  }
}
