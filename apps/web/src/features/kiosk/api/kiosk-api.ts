import { publicPlant } from '@pvstar/contract/endpoints/plant-share';
import type { Lang } from '@pvstar/contract/lang';
import { PUBLIC_PLANT_MAX_AGE } from '@pvstar/contract/plant-share';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';
import { ApiError } from '../../../api/http.ts';

/** Whether a failure means the link is not (or no longer) valid: nothing to refresh then. */
export const isUnavailable = (error: unknown) => error instanceof ApiError && error.code === 404;

/**
 * The public plant page's figures, asked for again every PUBLIC_PLANT_MAX_AGE seconds (the server works
 * them out as often), in the page's language.
 */
export function usePublicPlant(token: string, lang: Lang) {
  return useQuery({
    queryKey: queryKey(publicPlant.data, { token, lang }),
    queryFn: () => call(publicPlant.data, { params: { token }, query: { lang } }, { silent: true }),
    refetchInterval: (query) => (isUnavailable(query.state.error) ? false : PUBLIC_PLANT_MAX_AGE * 1000),
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}
