import { envelopeSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import {
  OwnerPageBodySchema,
  OwnerPlantSchema,
  OwnerPlantsQuerySchema,
  OwnerRowSchema,
} from '@pvstar/contract/owner';
import { PERM } from '@pvstar/contract/perm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createOwnerService } from './owner.service.ts';

/** House owners (2003001). Contacts come masked; /system/user/getMobileOrEmail reveals one (2003001001). */
export const ownerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createOwnerService(ctx);
    const tags = ['owner'];

    app.post(
      '/system/owner/queryOwner',
      {
        config: { access: { perm: PERM.ownerList } },
        schema: {
          tags,
          operationId: 'ownerPage',
          querystring: PageQuerySchema,
          body: OwnerPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(OwnerRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    app.get(
      '/system/owner/plants',
      {
        config: { access: { perm: PERM.ownerList } },
        schema: {
          tags,
          operationId: 'ownerPlants',
          querystring: OwnerPlantsQuerySchema,
          response: { 200: envelopeSchema(z.array(OwnerPlantSchema)) },
        },
      },
      async (req) => ok(await service.plants(callerOf(req), req.query.userId)),
    );
  };
