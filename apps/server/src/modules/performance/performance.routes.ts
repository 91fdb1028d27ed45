import { envelopeSchema } from '@pvstar/contract/api';
import { PlantPerformanceQuerySchema, PlantPerformanceSchema } from '@pvstar/contract/performance';
import { PERM } from '@pvstar/contract/perm';
import { PlantIdParamsSchema } from '@pvstar/contract/plant-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createPerformanceService } from './performance.service.ts';

/** A plant's performance ratio per day, read by the plant detail page (its detail permission and scope). */
export const performanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPerformanceService(ctx);
    app.get(
      '/station/station/performance/:id',
      {
        config: { access: { perm: PERM.stationDetail } },
        schema: {
          tags: ['plant data'],
          operationId: 'plantPerformance',
          params: PlantIdParamsSchema,
          querystring: PlantPerformanceQuerySchema,
          response: { 200: envelopeSchema(PlantPerformanceSchema) },
        },
      },
      async (req) => ok(await service.ofPlant(callerOf(req), req.params.id, req.query)),
    );
  };
