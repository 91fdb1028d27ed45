import { envelopeSchema } from '@pvstar/contract/api';
import { PERM } from '@pvstar/contract/perm';
import {
  PlantEnergyBodySchema,
  PlantEnergySchema,
  PlantIdParamsSchema,
  PlantOverviewSchema,
  PlantRealtimeSchema,
  PowerCurveQuerySchema,
  PowerCurveSchema,
} from '@pvstar/contract/plant-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createPlantDataService } from './plant-data.service.ts';

/** What the plant detail page reads: overview, power curve, latest values and energy statistics. */
export const plantDataRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPlantDataService(ctx);
    const tags = ['plant data'];
    const access = { perm: PERM.stationDetail };

    app.get(
      '/station/station/overview/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'plantOverview',
          params: PlantIdParamsSchema,
          response: { 200: envelopeSchema(PlantOverviewSchema) },
        },
      },
      async (req) => ok(await service.overview(callerOf(req), req.params.id)),
    );

    app.get(
      '/station/station/powerCurve/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'plantPowerCurve',
          params: PlantIdParamsSchema,
          querystring: PowerCurveQuerySchema,
          response: { 200: envelopeSchema(PowerCurveSchema) },
        },
      },
      async (req) => ok(await service.powerCurve(callerOf(req), req.params.id, req.query.date)),
    );

    app.get(
      '/station/station/realtime/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'plantRealtime',
          params: PlantIdParamsSchema,
          response: { 200: envelopeSchema(PlantRealtimeSchema) },
        },
      },
      async (req) => ok(await service.realtime(callerOf(req), req.params.id)),
    );

    app.post(
      '/station/station/energy',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'plantEnergy',
          body: PlantEnergyBodySchema,
          response: { 200: envelopeSchema(PlantEnergySchema) },
        },
      },
      async (req) => ok(await service.energy(callerOf(req), req.body)),
    );
  };
