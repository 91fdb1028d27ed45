import { webhook } from '@pvstar/contract/endpoints/webhook';
import type { WebhookAddBody, WebhookEditBody, WebhookSecret } from '@pvstar/contract/webhook';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** A change shows in the list and in the endpoint's delivery log. */
function useInvalidateWebhooks() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey(webhook.page) }),
      client.invalidateQueries({ queryKey: queryKey(webhook.deliveries) }),
    ]);
}

/** Add answers the signing secret (shown once); edit answers nothing. */
export function useSaveWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: WebhookAddBody | WebhookEditBody): Promise<WebhookSecret | null> =>
      'id' in body
        ? call(webhook.edit, { body }, { silent: true })
        : call(webhook.add, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

const useAction = <R>(fn: (id: number) => Promise<R>) => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate() });
};

export const useDeleteWebhook = () => useAction((id) => call(webhook.delete, { body: { id } }));
export const useRotateSecret = () => useAction((id) => call(webhook.rotateSecret, { body: { id } }));
export const useResumeWebhook = () => useAction((id) => call(webhook.resume, { body: { id } }));
export const useTestWebhook = () => useAction((id) => call(webhook.test, { body: { id } }));
export const useResendDelivery = () => useAction((id) => call(webhook.resend, { body: { id } }));

/** An endpoint's deliveries, newest first; read again every few seconds while the drawer is open. */
export function useDeliveries(webhookId: number | null, pageNum: number, pageSize: number) {
  const input = { query: { pageNum, pageSize }, body: { webhookId: webhookId ?? 0 } };
  return useQuery({
    queryKey: queryKey(webhook.deliveries, input),
    queryFn: ({ signal }) => call(webhook.deliveries, input, { signal }),
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}
