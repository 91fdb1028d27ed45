import type {
  DeviceSpecAddBody,
  DeviceSpecEditBody,
  ManufacturerAddBody,
  ManufacturerEditBody,
  ManufacturerKeyAddBody,
  ManufacturerKeyRow,
  ManufacturerOption,
} from '@pvstar/contract/basic-device';
import type { BasicDeviceType } from '@pvstar/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { get, post } from '../../api/http.ts';

export const MANUFACTURER_PAGE_KEY = 'manufacturers';
export const SPEC_PAGE_KEY = 'device-specs';
const OPTIONS_KEY = ['manufacturer-options'];

/** The device types in the order the spec lists them, with their label keys. */
const TYPE_LABELS: Record<BasicDeviceType, string> = {
  COMPONENT: 'deviceType.COMPONENT',
  CELL: 'deviceType.CELL',
  INVERTER: 'deviceType.INVERTER',
  METERBOX: 'deviceType.METERBOX',
};
export const deviceTypeOptions = (t: TFunction) =>
  (Object.keys(TYPE_LABELS) as BasicDeviceType[]).map((value) => ({
    value,
    label: t(`basic:${TYPE_LABELS[value]}`),
  }));
export const deviceTypeLabel = (t: TFunction, value: BasicDeviceType) => t(`basic:${TYPE_LABELS[value]}`);

export const useManufacturerOptions = () =>
  useQuery({
    queryKey: OPTIONS_KEY,
    queryFn: () => get<ManufacturerOption[]>('/system/manufacturer/all'),
    staleTime: 30_000,
  });

/** Both lists show manufacturer names (and the spec counts), so any change refreshes both. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['page', MANUFACTURER_PAGE_KEY] }),
      client.invalidateQueries({ queryKey: ['page', SPEC_PAGE_KEY] }),
      client.invalidateQueries({ queryKey: OPTIONS_KEY }),
    ]);
}

export function useSaveManufacturer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ManufacturerAddBody | ManufacturerEditBody) =>
      post('id' in body ? '/system/manufacturer/edit' : '/system/manufacturer/add', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useSaveSpec() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: DeviceSpecAddBody | DeviceSpecEditBody) =>
      post('id' in body ? '/system/deviceSpec/edit' : '/system/deviceSpec/add', body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes silently: the page shows a refusal (a manufacturer in use) in a dialog of its own. */
export function useDelete(kind: 'manufacturer' | 'deviceSpec') {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post(`/system/${kind}/delete`, { id }, { silent: true }),
    onSuccess: invalidate,
  });
}

const keysKey = (manufacturerId: number) => ['manufacturer-keys', manufacturerId];

/** A manufacturer's firmware signing keys, active ones first. */
export const useManufacturerKeys = (manufacturerId: number | null) =>
  useQuery({
    queryKey: keysKey(manufacturerId ?? 0),
    queryFn: () => post<ManufacturerKeyRow[]>('/system/manufacturer/key/list', { manufacturerId }),
    enabled: manufacturerId !== null,
  });

export function useAddManufacturerKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManufacturerKeyAddBody) =>
      post<{ id: number; fingerprint: string }>('/system/manufacturer/key/add', body, { silent: true }),
    onSuccess: (_data, body) => client.invalidateQueries({ queryKey: keysKey(body.manufacturerId) }),
  });
}

export function useRetireManufacturerKey(manufacturerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post('/system/manufacturer/key/retire', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(manufacturerId) }),
  });
}
