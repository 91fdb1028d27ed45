import { plant } from '@pvstar/contract/endpoints/plant';
import type { DateType } from '@pvstar/contract/enums';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../../api/call.ts';

/** Live figures refresh at the pace the demo dongles report. */
export const LIVE_REFRESH_MS = 10_000;

export function usePlantOverview(id: number) {
  return useQuery({
    queryKey: queryKey(plant.overview, { params: { id } }),
    queryFn: () => call(plant.overview, { params: { id } }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** One local day's curve; today's keeps growing, so it refreshes too. */
export function usePowerCurve(id: number, date: string | undefined, live: boolean) {
  return useQuery({
    queryKey: queryKey(plant.powerCurve, { params: { id }, query: { date } }),
    queryFn: () => call(plant.powerCurve, { params: { id }, query: { date } }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}

export function usePlantRealtime(id: number) {
  return useQuery({
    queryKey: queryKey(plant.realtime, { params: { id } }),
    queryFn: () => call(plant.realtime, { params: { id } }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function usePlantEnergy(body: { id: number; dateType: DateType; from?: string; to?: string }) {
  return useQuery({
    queryKey: queryKey(plant.energy, body),
    queryFn: () => call(plant.energy, { body }),
    placeholderData: keepPreviousData,
  });
}
