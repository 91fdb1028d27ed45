import { PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { owner } from '@pvstar/contract/endpoints/owner';
import {
  OwnerPageBodySchema,
  OwnerPlantSchema,
  OwnerPlantsQuerySchema,
  OwnerRowSchema,
} from '@pvstar/contract/owner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createOwnerService } from './owner.service.ts';

/** House owners (2003001). Contacts come masked; /system/user/getMobileOrEmail reveals one (2003001001). */
export const ownerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createOwnerService(ctx);

    serve(
      app,
      owner.page,
      { querystring: PageQuerySchema, body: OwnerPageBodySchema, response: pageResultSchema(OwnerRowSchema) },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(
      app,
      owner.plants,
      { querystring: OwnerPlantsQuerySchema, response: z.array(OwnerPlantSchema) },
      async (req) => ok(await service.plants(callerOf(req), req.query.userId)),
    );
  };
