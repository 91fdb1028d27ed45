import type { DateType } from '@pvstar/contract/enums';
import type { PlantEnergy, PlantOverview, PlantRealtime, PowerCurve } from '@pvstar/contract/plant-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, post } from '../../../../api/http.ts';

/** Live figures refresh at the pace the demo dongles report. */
export const LIVE_REFRESH_MS = 10_000;

export function usePlantOverview(id: number) {
  return useQuery({
    queryKey: ['plant-data', 'overview', id],
    queryFn: () => get<PlantOverview>(`/station/station/overview/${id}`),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** One local day's curve; today's keeps growing, so it refreshes too. */
export function usePowerCurve(id: number, date: string | undefined, live: boolean) {
  return useQuery({
    queryKey: ['plant-data', 'curve', id, date ?? 'today'],
    queryFn: () => get<PowerCurve>(`/station/station/powerCurve/${id}`, { query: { date } }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}

export function usePlantRealtime(id: number) {
  return useQuery({
    queryKey: ['plant-data', 'realtime', id],
    queryFn: () => get<PlantRealtime>(`/station/station/realtime/${id}`),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function usePlantEnergy(body: { id: number; dateType: DateType; from?: string; to?: string }) {
  return useQuery({
    queryKey: ['plant-data', 'energy', body],
    queryFn: () => post<PlantEnergy>('/station/station/energy', body),
    placeholderData: keepPreviousData,
  });
}
