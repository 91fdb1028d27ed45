import { basicDevice } from '@pvstar/contract/endpoints/basic-device';
import { firmware } from '@pvstar/contract/endpoints/firmware';
import type {
  FirmwareAddBody,
  FirmwareEditBody,
  FirmwareRollbackBody,
  FirmwareStatus,
} from '@pvstar/contract/firmware';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey, upload } from '../../../api/call.ts';
import { saveBlob } from '../../../api/http.ts';

/** The manufacturers to pick from (the same list the basic data keeps, so its changes show here). */
export const useManufacturerOptions = () =>
  useQuery({
    queryKey: queryKey(basicDevice.manufacturerAll),
    queryFn: () => call(basicDevice.manufacturerAll, {}, { silent: true }),
    staleTime: 30_000,
    retry: false,
  });

/** The enabled programs, for the add-upgrade page's picker (one page: a manufacturer keeps few). */
const ENABLED = { query: { pageNum: 1, pageSize: 100 }, body: { status: 'ENABLED' } } as const;
export const useEnabledPrograms = () =>
  useQuery({
    queryKey: queryKey(firmware.page, ENABLED),
    queryFn: ({ signal }) => call(firmware.page, ENABLED, { signal }),
    select: (page) => page.list,
  });

/** Every answer about programs: the list, the enabled ones. */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [firmware.page.tag] });
}

export function useAddProgram() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FirmwareAddBody) => call(firmware.add, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useEditProgram() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FirmwareEditBody) => call(firmware.edit, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useProgramStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; status: FirmwareStatus }) => call(firmware.status, { body }),
    onSuccess: invalidate,
  });
}

/** A provider administrator's rollback mark (or, with `reason: null`, its withdrawal). */
export function useProgramRollback() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FirmwareRollbackBody) => call(firmware.rollback, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Silent: a program still used by a task (409) is explained in a dialog by the page. */
export function useDeleteProgram() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(firmware.delete, { body: { id } }, { silent: true }),
    onSuccess: invalidate,
  });
}

/**
 * The image with its signed manifest (.manifest.json), checked against the manufacturer's active keys;
 * the answer names it for `add` and gives its SHA-256 and the verified manifest.
 */
export const uploadFirmware = (
  input: { image: File; manifest: File; manufacturerId: number },
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) =>
  upload(firmware.upload, input.image, {
    onProgress,
    signal,
    silent: true,
    fields: { manufacturerId: String(input.manufacturerId), manifest: input.manifest },
  });

/** Reads the serial numbers of a spreadsheet in the template's layout (422: the bad rows). */
export const parseSnSheet = (file: File) => upload(firmware.snParse, file, { silent: true });

export async function downloadSnTemplate() {
  const blob = await call(firmware.snTemplate);
  saveBlob(blob, 'firmware-sn-template.xlsx');
}
