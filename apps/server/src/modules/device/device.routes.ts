import { envelopeSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import {
  DEVICE_CENTER_PERMS,
  DeviceDetailQuerySchema,
  DeviceDetailSchema,
  DeviceHistoryBodySchema,
  DeviceHistorySchema,
  DevicePageBodySchema,
  DeviceRowSchema,
  EquipmentParamSchema,
  EquipmentParamsQuerySchema,
  equipmentStatisticsParams,
} from '@pvstar/contract/device';
import { PERM } from '@pvstar/contract/perm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createDeviceService } from './device.service.ts';

export const deviceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDeviceService(ctx);
    const tags = ['device'];
    // Any device-center code opens these routes; the service checks the code of the requested type.
    const access = { perm: DEVICE_CENTER_PERMS };

    app.post(
      '/iot/device/page',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'devicePage',
          querystring: PageQuerySchema,
          body: DevicePageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(DeviceRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    app.get(
      '/iot/device/detail',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'deviceDetail',
          querystring: DeviceDetailQuerySchema,
          response: { 200: envelopeSchema(DeviceDetailSchema) },
        },
      },
      async (req) => ok(await service.detail(callerOf(req), req.query.deviceType, req.query.id)),
    );

    app.post(
      '/iot/device/history',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'deviceHistory',
          body: DeviceHistoryBodySchema,
          response: { 200: envelopeSchema(DeviceHistorySchema) },
        },
      },
      async (req) => ok(await service.history(callerOf(req), req.body)),
    );

    app.get(
      '/iot/stationPower/getEquipmentStatisticsParams',
      {
        // Plant screens and the device center chart these; a fixed rule of the catalogue, no data.
        config: {
          access: { perm: [PERM.station, PERM.stationMonitor, PERM.stationDetail, ...DEVICE_CENTER_PERMS] },
        },
        schema: {
          tags,
          operationId: 'equipmentStatisticsParams',
          querystring: EquipmentParamsQuerySchema,
          response: { 200: envelopeSchema(z.array(EquipmentParamSchema)) },
        },
      },
      async (req) => ok(equipmentStatisticsParams(req.query.stationType, req.query.inverterType)),
    );
  };
