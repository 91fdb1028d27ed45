import type {
  DeviceSpecAddBody,
  DeviceSpecEditBody,
  ManufacturerAddBody,
  ManufacturerEditBody,
  ManufacturerKeyAddBody,
} from '@pvstar/contract/basic-device';
import { basicDevice } from '@pvstar/contract/endpoints/basic-device';
import type { BasicDeviceType } from '@pvstar/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { call, queryKey } from '../../../api/call.ts';

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
    queryKey: queryKey(basicDevice.manufacturerAll),
    queryFn: () => call(basicDevice.manufacturerAll),
    staleTime: 30_000,
  });

/** Both lists show manufacturer names (and the spec counts), so any change refreshes both. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [basicDevice.manufacturerPage, basicDevice.specPage, basicDevice.manufacturerAll].map((endpoint) =>
        client.invalidateQueries({ queryKey: queryKey(endpoint) }),
      ),
    );
}

export function useSaveManufacturer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ManufacturerAddBody | ManufacturerEditBody) =>
      'id' in body
        ? call(basicDevice.manufacturerEdit, { body }, { silent: true })
        : call(basicDevice.manufacturerAdd, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useSaveSpec() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: DeviceSpecAddBody | DeviceSpecEditBody) =>
      'id' in body
        ? call(basicDevice.specEdit, { body }, { silent: true })
        : call(basicDevice.specAdd, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes silently: the page shows a refusal (a manufacturer in use) in a dialog of its own. */
export function useDelete(kind: 'manufacturer' | 'deviceSpec') {
  const invalidate = useInvalidate();
  const endpoint = kind === 'manufacturer' ? basicDevice.manufacturerDelete : basicDevice.specDelete;
  return useMutation({
    mutationFn: (id: number) => call(endpoint, { body: { id } }, { silent: true }),
    onSuccess: invalidate,
  });
}

const keysKey = (manufacturerId: number) => queryKey(basicDevice.manufacturerKeyList, manufacturerId);

/** A manufacturer's firmware signing keys, active ones first. */
export const useManufacturerKeys = (manufacturerId: number | null) =>
  useQuery({
    queryKey: keysKey(manufacturerId ?? 0),
    queryFn: () => call(basicDevice.manufacturerKeyList, { body: { manufacturerId: manufacturerId! } }),
    enabled: manufacturerId !== null,
  });

export function useAddManufacturerKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManufacturerKeyAddBody) =>
      call(basicDevice.manufacturerKeyAdd, { body }, { silent: true }),
    onSuccess: (_data, body) => client.invalidateQueries({ queryKey: keysKey(body.manufacturerId) }),
  });
}

export function useRetireManufacturerKey(manufacturerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(basicDevice.manufacturerKeyRetire, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(manufacturerId) }),
  });
}
