import type { PageResult } from '@pvstar/contract/api';
import { file } from '@pvstar/contract/endpoints/file';
import { plant } from '@pvstar/contract/endpoints/plant';
import { system } from '@pvstar/contract/endpoints/system';
import type {
  StationAddBody,
  StationEditBody,
  StationPageBody,
  StationRow,
  UploadResult,
} from '@pvstar/contract/station';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call, queryKey, upload } from '../../../api/call.ts';

/** The plant detail shares its cache with the detail page (same key). */
export const plantDetailKey = (id: number) => queryKey(plant.detail, { params: { id } });

/** `live`: refreshed every 10 s, so that a status shown beside live values keeps up with them. */
export function usePlantDetail(id: number | null, opts: { live?: boolean } = {}) {
  return useQuery({
    queryKey: plantDetailKey(id ?? 0),
    queryFn: () => call(plant.detail, { params: { id: id! } }, { silent: true }),
    enabled: id !== null,
    retry: false,
    refetchInterval: opts.live ? 10_000 : false,
  });
}

export function usePlantAddress(id: number | null) {
  return useQuery({
    queryKey: queryKey(plant.address, { params: { id } }),
    queryFn: () => call(plant.address, { params: { id: id! } }, { silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

export function usePlantKpi(filter: StationPageBody) {
  return useQuery({
    queryKey: queryKey(plant.kpi, filter),
    queryFn: () => call(plant.kpi, { body: filter }),
    placeholderData: keepPreviousData,
  });
}

export type { StationRow };
export type PlantPage = PageResult<StationRow>;

/** The managing organisations within reach (dealers, installers, the provider). */
export function usePlantOrgTree() {
  return useQuery({
    queryKey: queryKey(plant.orgTree),
    queryFn: () => call(plant.orgTree),
    staleTime: 60_000,
  });
}

/** Countries ("0") or a country's regions, from the reference data. */
export function useAreas(superiorCode: string | null | undefined) {
  return useQuery({
    queryKey: queryKey(system.listAreas, { body: { superiorCode } }),
    queryFn: () => call(system.listAreas, { body: { superiorCode: superiorCode! } }),
    enabled: !!superiorCode,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useInvalidateStations() {
  const client = useQueryClient();
  // Every answer about plants (list, figures, detail tabs); pictures never change under their name.
  return () => client.invalidateQueries({ queryKey: [plant.page.tag] });
}

export function useSavePlant() {
  const invalidate = useInvalidateStations();
  return useMutation({
    mutationFn: (body: StationAddBody | StationEditBody) =>
      'id' in body
        ? call(plant.edit, { body }, { silent: true })
        : call(plant.add, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePlant() {
  const invalidate = useInvalidateStations();
  return useMutation({
    mutationFn: (body: { id: number; confirmName: string }) => call(plant.delete, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useResetSecret() {
  return useMutation({
    mutationFn: (dongleId: number) => call(plant.dongleResetSecret, { body: { dongleId } }),
  });
}

/** Uploads a picture; silent, since the form shows a failure itself. */
export const uploadPicture = (picture: File): Promise<UploadResult> =>
  upload(file.upload, picture, { silent: true });

/**
 * A plant picture as an object URL. Pictures are served to signed-in users only (an <img> cannot send
 * the token), so the bytes are fetched with it and shown from a blob: URL, revoked when unused. `path` is
 * the URL a plant keeps; its last part names the picture.
 */
export function usePictureUrl(path: string | null | undefined) {
  const name = path ? path.slice(path.lastIndexOf('/') + 1) : null;
  const blob = useQuery({
    queryKey: queryKey(file.picture, { params: { name } }),
    queryFn: () => call(file.picture, { params: { name: name! } }, { silent: true }),
    enabled: !!name,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
