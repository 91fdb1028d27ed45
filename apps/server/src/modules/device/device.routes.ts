import { pageResultSchema } from '@pvstar/contract/api';
import {
  DeviceDetailQuerySchema,
  DeviceDetailSchema,
  DeviceHistoryBodySchema,
  DeviceHistorySchema,
  DevicePageBodySchema,
  DevicePageQuerySchema,
  DeviceRowSchema,
  EquipmentParamSchema,
  EquipmentParamsQuerySchema,
  equipmentStatisticsParams,
} from '@pvstar/contract/device';
import {
  DeviceReplaceBodySchema,
  DeviceReplacementSchema,
  DeviceReplacementsQuerySchema,
  DeviceReplaceResultSchema,
} from '@pvstar/contract/device-replacement';
import { device } from '@pvstar/contract/endpoints/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createDeviceService } from './device.service.ts';
import { createDeviceReplaceService } from './device-replace.service.ts';

/** The device center: any of its codes opens these routes, the service checks the requested type's own. */
export const deviceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDeviceService(ctx);
    const replacement = createDeviceReplaceService(ctx);

    serve(
      app,
      device.page,
      {
        querystring: DevicePageQuerySchema,
        body: DevicePageBodySchema,
        response: pageResultSchema(DeviceRowSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(
      app,
      device.detail,
      { querystring: DeviceDetailQuerySchema, response: DeviceDetailSchema },
      async (req) => ok(await service.detail(callerOf(req), req.query.deviceType, req.query.id)),
    );

    serve(
      app,
      device.history,
      { body: DeviceHistoryBodySchema, response: DeviceHistorySchema },
      async (req) => ok(await service.history(callerOf(req), req.body)),
    );

    serve(
      app,
      device.replace,
      { body: DeviceReplaceBodySchema, response: DeviceReplaceResultSchema },
      async (req) => ok(await replacement.replace(callerOf(req), req.body, req.ip)),
    );

    serve(
      app,
      device.replacements,
      { querystring: DeviceReplacementsQuerySchema, response: z.array(DeviceReplacementSchema) },
      async (req) => ok(await replacement.history(callerOf(req), req.query.deviceType, req.query.id)),
    );

    serve(
      app,
      device.equipmentStatisticsParams,
      { querystring: EquipmentParamsQuerySchema, response: z.array(EquipmentParamSchema) },
      async (req) => ok(equipmentStatisticsParams(req.query.stationType, req.query.inverterType)),
    );
  };
