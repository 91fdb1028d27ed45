import { plant } from '@pvstar/contract/endpoints/plant';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../../api/call.ts';

/** The plant's performance per day; without a range the last 30 days that are over. */
export function usePlantPerformance(id: number) {
  return useQuery({
    queryKey: queryKey(plant.performance, { params: { id } }),
    queryFn: () => call(plant.performance, { params: { id }, query: {} }),
  });
}
