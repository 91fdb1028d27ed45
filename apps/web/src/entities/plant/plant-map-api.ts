import { plant } from '@pvstar/contract/endpoints/plant';
import type { StationPageBody } from '@pvstar/contract/station';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../api/call.ts';

/** How often the map reads its plants again: statuses and power now change by the minute. */
const MAP_REFRESH_MS = 60_000;

/** Every plant of the caller's scope under the list's filter, with its place, status and power now. */
export const usePlantMap = (filter: StationPageBody) =>
  useQuery({
    queryKey: queryKey(plant.map, filter),
    queryFn: ({ signal }) => call(plant.map, { body: filter }, { signal }),
    refetchInterval: MAP_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
