import { PageQuerySchema } from '@pvstar/contract/api';
import {
  ApiTokenAddBodySchema,
  ApiTokenCreatedSchema,
  ApiTokenPageBodySchema,
  ApiTokenPageSchema,
  ApiTokenRevokeBodySchema,
} from '@pvstar/contract/api-token';
import { apiToken } from '@pvstar/contract/endpoints/api-token';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createApiTokenService } from './api-token.service.ts';

/** Personal centre → API tokens: the signed-in user's own tokens, managed from a session only. */
export const apiTokenRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createApiTokenService(ctx);

    serve(
      app,
      apiToken.add,
      {
        description:
          'A new API token of the signed-in user (`pvst_…`), answered this once: only its SHA-256 is kept. `scope` READ_ONLY or READ_WRITE; `plantIds` limits it to some of the user’s plants (one outside the user’s scope: 400 naming `plantIds`); `expiresOn` its last day (UTC); `dailyLimit` / `perSecondLimit` up to the server’s maxima. Needs an interactive session.',
        body: ApiTokenAddBodySchema,
        response: ApiTokenCreatedSchema,
      },
      async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'apiToken.created'),
    );

    serve(
      app,
      apiToken.page,
      {
        description:
          'The signed-in user’s tokens, newest first (only active ones unless `all`), with their last use and its address, and the server’s default and maximum limits. Never the secret.',
        querystring: PageQuerySchema,
        body: ApiTokenPageBodySchema,
        response: ApiTokenPageSchema,
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(
      app,
      apiToken.revoke,
      {
        description:
          'Revokes one of the signed-in user’s tokens at once: its next request answers 401. Another user’s token answers 404.',
        body: ApiTokenRevokeBodySchema,
      },
      async (req) => {
        await service.revoke(callerOf(req), req.body.id, req.ip);
        return ok(null, 'apiToken.revoked');
      },
    );
  };
