import type { InvitationAcceptBody } from '@pvstar/contract/commissioning';
import { invitation } from '@pvstar/contract/endpoints/commissioning';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** What the invitation page shows; an invalid link answers 404 (shown as "not valid", not as an error toast). */
export function useInvitationInfo(token: string) {
  return useQuery({
    queryKey: queryKey(invitation.info, { token }),
    queryFn: () => call(invitation.info, { body: { token } }, { silent: true }),
    enabled: token.length > 0,
    retry: false,
  });
}

export const acceptInvitation = (body: InvitationAcceptBody) =>
  call(invitation.accept, { body }, { silent: true });
