import { IdParamsSchema } from '@pvstar/contract/api';
import { plant } from '@pvstar/contract/endpoints/plant';
import {
  PlantEnergyBodySchema,
  PlantEnergySchema,
  PlantOverviewSchema,
  PlantRealtimeSchema,
  PowerCurveQuerySchema,
  PowerCurveSchema,
} from '@pvstar/contract/plant-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createPlantDataService } from './plant-data.service.ts';

/** What the plant detail page reads: overview, power curve, latest values and energy statistics. */
export const plantDataRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPlantDataService(ctx);

    serve(app, plant.overview, { params: IdParamsSchema, response: PlantOverviewSchema }, async (req) =>
      ok(await service.overview(callerOf(req), req.params.id)),
    );

    serve(
      app,
      plant.powerCurve,
      { params: IdParamsSchema, querystring: PowerCurveQuerySchema, response: PowerCurveSchema },
      async (req) => ok(await service.powerCurve(callerOf(req), req.params.id, req.query.date)),
    );

    serve(app, plant.realtime, { params: IdParamsSchema, response: PlantRealtimeSchema }, async (req) =>
      ok(await service.realtime(callerOf(req), req.params.id)),
    );

    serve(app, plant.energy, { body: PlantEnergyBodySchema, response: PlantEnergySchema }, async (req) =>
      ok(await service.energy(callerOf(req), req.body)),
    );
  };
