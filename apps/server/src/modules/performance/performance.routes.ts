import { IdParamsSchema } from '@pvstar/contract/api';
import { plant } from '@pvstar/contract/endpoints/plant';
import { PlantPerformanceQuerySchema, PlantPerformanceSchema } from '@pvstar/contract/performance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createPerformanceService } from './performance.service.ts';

/** A plant's performance ratio per day, read by the plant detail page (its detail permission and scope). */
export const performanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPerformanceService(ctx);
    serve(
      app,
      plant.performance,
      { params: IdParamsSchema, querystring: PlantPerformanceQuerySchema, response: PlantPerformanceSchema },
      async (req) => ok(await service.ofPlant(callerOf(req), req.params.id, req.query)),
    );
  };
