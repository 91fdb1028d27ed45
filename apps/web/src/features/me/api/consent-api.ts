import { consent } from '@pvstar/contract/endpoints/commissioning';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** The signed-in owner's plants and the consent given to each plant's installer. */
export function useMyConsents() {
  return useQuery({ queryKey: queryKey(consent.mine), queryFn: () => call(consent.mine) });
}

/** Withdraws (`given` false) or gives again the consent for one plant. */
export function useSetConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stationId, given }: { stationId: number; given: boolean }) =>
      call(given ? consent.grant : consent.withdraw, { body: { stationId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey(consent.mine) }),
  });
}
