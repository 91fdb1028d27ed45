import type { PlantPerformance } from '@pvstar/contract/performance';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../../api/http.ts';

/** The plant's performance per day; without a range the last 30 days that are over. */
export function usePlantPerformance(id: number) {
  return useQuery({
    queryKey: ['plant-data', 'performance', id],
    queryFn: () => get<PlantPerformance>(`/station/station/performance/${id}`),
  });
}
