import type { IdBodySchema, PageQuerySchema, PageResult } from '../api.ts';
import { endpoints, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  WebhookAddBodySchema,
  WebhookDeliveryPageBodySchema,
  WebhookDeliveryRow,
  WebhookEditBodySchema,
  WebhookPageBodySchema,
  WebhookRow,
  WebhookSecret,
} from '../webhook.ts';

type Id = { body: In<typeof IdBodySchema> };

/**
 * Webhooks (2007005): an organisation's signed event endpoints and their delivery log (docs/webhooks.md).
 * Each covers an organisation, so a token limited to some plants may not manage them (wholeScope).
 */
export const webhook = endpoints('webhook', {
  page: post<
    { query: In<typeof PageQuerySchema>; body: In<typeof WebhookPageBodySchema> },
    PageResult<WebhookRow>
  >('/system/webhook/page', { perm: PERM.systemWebhook, wholeScope: true }, 'List webhooks'),
  /** Registers an endpoint; the answer carries its signing secret, shown this once. */
  add: post<{ body: In<typeof WebhookAddBodySchema> }, WebhookSecret>(
    '/system/webhook/add',
    {
      perm: PERM.webhookAdd,
      write: true,
      wholeScope: true,
      stepUp: true,
    },
    'Add a webhook',
  ),
  edit: post<{ body: In<typeof WebhookEditBodySchema> }>(
    '/system/webhook/edit',
    {
      perm: PERM.webhookEdit,
      write: true,
      wholeScope: true,
      stepUp: true,
    },
    'Edit a webhook',
  ),
  delete: post<Id>(
    '/system/webhook/delete',
    { perm: PERM.webhookDelete, write: true, wholeScope: true },
    'Delete a webhook',
  ),
  /** A new signing secret, shown this once; the old one stops signing at once. */
  rotateSecret: post<Id, WebhookSecret>(
    '/system/webhook/rotateSecret',
    {
      perm: PERM.webhookEdit,
      write: true,
      wholeScope: true,
      stepUp: true,
    },
    "Rotate a webhook's signing secret",
  ),
  /** Takes a paused endpoint back into service; its waiting deliveries go out again. */
  resume: post<Id>(
    '/system/webhook/resume',
    { perm: PERM.webhookEdit, write: true, wholeScope: true },
    'Resume a paused webhook',
  ),
  /** Queues a `webhook.test` event to this endpoint. */
  test: post<Id, { deliveryId: number }>(
    '/system/webhook/test',
    {
      perm: PERM.webhookEdit,
      write: true,
      wholeScope: true,
    },
    'Send a test event to a webhook',
  ),
  deliveries: post<
    { query: In<typeof PageQuerySchema>; body: In<typeof WebhookDeliveryPageBodySchema> },
    PageResult<WebhookDeliveryRow>
  >(
    '/system/webhook/delivery/page',
    { perm: PERM.systemWebhook, wholeScope: true },
    'List webhook deliveries',
  ),
  /** Sends a delivery again now (same event id and body, a fresh signature). */
  resend: post<Id>(
    '/system/webhook/delivery/resend',
    {
      perm: PERM.webhookEdit,
      write: true,
      wholeScope: true,
    },
    'Resend a webhook delivery',
  ),
});
