import { auth } from '@pvstar/contract/endpoints/auth';
import { report } from '@pvstar/contract/endpoints/report';
import type { ReportSubscriptionAddBody, ReportSubscriptionEditBody } from '@pvstar/contract/report';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** The caller's reports by mail (all of them: a user keeps a handful), read while the dialog is open. */
const PAGE = { query: { pageNum: 1, pageSize: 50 } };

export const useSubscriptions = (enabled: boolean) =>
  useQuery({
    queryKey: queryKey(report.subscriptionPage, PAGE),
    queryFn: ({ signal }) => call(report.subscriptionPage, PAGE, { signal }),
    enabled,
  });

/** Where the reports would go: the account's e-mail address (none: nothing can be subscribed). */
export const useAccountEmail = (enabled: boolean) =>
  useQuery({
    queryKey: queryKey(auth.getUserInfo),
    queryFn: ({ signal }) => call(auth.getUserInfo, {}, { signal }),
    enabled,
    select: (info) => info.user.email,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKey(report.subscriptionPage) });
}

/** Adds or changes a subscription; the dialog shows a refusal itself (silent). */
export function useSaveSubscription() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ReportSubscriptionAddBody | ReportSubscriptionEditBody) =>
      'id' in body
        ? call(report.subscriptionEdit, { body }, { silent: true })
        : call(report.subscriptionAdd, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteSubscription() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(report.subscriptionDelete, { body: { id } }),
    onSuccess: invalidate,
  });
}
