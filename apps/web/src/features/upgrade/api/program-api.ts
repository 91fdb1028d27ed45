import type { PageResult } from '@pvstar/contract/api';
import type { ManufacturerOption } from '@pvstar/contract/basic-device';
import type {
  FirmwareAddBody,
  FirmwareEditBody,
  FirmwareFile,
  FirmwareRow,
  FirmwareStatus,
} from '@pvstar/contract/firmware';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, saveBlob, upload } from '../../../api/http.ts';

export const PROGRAM_PAGE_KEY = 'firmware-programs';
const ENABLED_KEY = ['firmware-programs', 'enabled'];

/** The manufacturers to pick from (the same list the basic data keeps, so its changes show here). */
export const useManufacturerOptions = () =>
  useQuery({
    queryKey: ['manufacturer-options'],
    queryFn: () => get<ManufacturerOption[]>('/system/manufacturer/all', { silent: true }),
    staleTime: 30_000,
    retry: false,
  });

/** The enabled programs, for the add-upgrade page's picker (one page: a manufacturer keeps few). */
export const useEnabledPrograms = () =>
  useQuery({
    queryKey: ENABLED_KEY,
    queryFn: ({ signal }) =>
      post<PageResult<FirmwareRow>>(
        '/iot/firmware/page',
        { status: 'ENABLED' },
        { query: { pageNum: 1, pageSize: 100 }, signal },
      ),
    select: (page) => page.list,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['page', PROGRAM_PAGE_KEY] }),
      client.invalidateQueries({ queryKey: ENABLED_KEY }),
    ]);
}

export function useAddProgram() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FirmwareAddBody) => post<null>('/iot/firmware/add', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useEditProgram() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FirmwareEditBody) => post<null>('/iot/firmware/edit', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useProgramStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; status: FirmwareStatus }) => post<null>('/iot/firmware/status', body),
    onSuccess: invalidate,
  });
}

/** Silent: a program still used by a task (409) is explained in a dialog by the page. */
export function useDeleteProgram() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post<null>('/iot/firmware/delete', { id }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Sends a firmware image; the answer names it for `add` and gives its SHA-256. */
/** The image with its detached signature (.sig), checked against the manufacturer's active keys. */
export const uploadFirmware = (
  input: { image: File; signature: File; manufacturerId: number },
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) =>
  upload<FirmwareFile>('/iot/firmware/upload', input.image, {
    onProgress,
    signal,
    silent: true,
    fields: { manufacturerId: String(input.manufacturerId), signature: input.signature },
  });

/** Reads the serial numbers of a spreadsheet in the template's layout (422: the bad rows). */
export const parseSnSheet = (file: File) =>
  upload<{ sns: string[] }>('/iot/firmware/sn/parse', file, { silent: true });

export async function downloadSnTemplate() {
  const blob = await get<Blob>('/iot/firmware/sn/template', { blob: true });
  saveBlob(blob, 'firmware-sn-template.xlsx');
}
