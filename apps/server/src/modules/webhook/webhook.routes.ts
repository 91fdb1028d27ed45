import { IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { webhook } from '@pvstar/contract/endpoints/webhook';
import {
  WebhookAddBodySchema,
  WebhookDeliveryPageBodySchema,
  WebhookDeliveryRowSchema,
  WebhookEditBodySchema,
  WebhookPageBodySchema,
  WebhookRowSchema,
  WebhookSecretSchema,
} from '@pvstar/contract/webhook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createWebhookService } from './webhook.service.ts';

/** System → webhooks (2007005): signed event endpoints of an organisation (docs/webhooks.md). */
export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createWebhookService(ctx);

    serve(
      app,
      webhook.page,
      {
        description:
          'The webhook endpoints of the organisations in the caller’s reach (never their secrets).',
        querystring: PageQuerySchema,
        body: WebhookPageBodySchema,
        response: pageResultSchema(WebhookRowSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(
      app,
      webhook.add,
      {
        description:
          'Registers an HTTPS endpoint for events of the plants of an organisation and below; answers its signing secret, shown this once. Private, loopback and other internal addresses are refused.',
        body: WebhookAddBodySchema,
        response: WebhookSecretSchema,
      },
      async (req) => ok(await service.add(callerOf(req), req.body), 'saved'),
    );

    serve(app, webhook.edit, { body: WebhookEditBodySchema }, async (req) => {
      await service.edit(callerOf(req), req.body);
      return ok(null, 'saved');
    });

    serve(app, webhook.delete, { body: IdBodySchema }, async (req) => {
      await service.remove(callerOf(req), req.body.id);
      return ok(null, 'deleted');
    });

    serve(
      app,
      webhook.rotateSecret,
      {
        description: 'A new signing secret, shown this once; the old one stops signing at once.',
        body: IdBodySchema,
        response: WebhookSecretSchema,
      },
      async (req) => ok(await service.rotateSecret(callerOf(req), req.body.id), 'saved'),
    );

    serve(app, webhook.resume, { body: IdBodySchema }, async (req) => {
      await service.resume(callerOf(req), req.body.id);
      return ok(null, 'saved');
    });

    serve(
      app,
      webhook.test,
      {
        description: 'Queues a `webhook.test` event to this endpoint.',
        body: IdBodySchema,
        response: z.object({ deliveryId: z.number() }),
      },
      async (req) => ok(await service.test(callerOf(req), req.body.id)),
    );

    serve(
      app,
      webhook.deliveries,
      {
        description: 'The endpoint’s deliveries, newest first, each with its attempts.',
        querystring: PageQuerySchema,
        body: WebhookDeliveryPageBodySchema,
        response: pageResultSchema(WebhookDeliveryRowSchema),
      },
      async (req) => ok(await service.deliveries(callerOf(req), req.query, req.body.webhookId)),
    );

    serve(app, webhook.resend, { body: IdBodySchema }, async (req) => {
      await service.resend(callerOf(req), req.body.id);
      return ok(null);
    });
  };
