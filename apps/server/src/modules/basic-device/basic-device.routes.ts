import { IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import {
  DeviceSpecAddBodySchema,
  DeviceSpecEditBodySchema,
  DeviceSpecPageBodySchema,
  DeviceSpecRowSchema,
  ManufacturerAddBodySchema,
  ManufacturerEditBodySchema,
  ManufacturerKeyAddBodySchema,
  ManufacturerKeyListBodySchema,
  ManufacturerKeyRowSchema,
  ManufacturerOptionSchema,
  ManufacturerPageBodySchema,
  ManufacturerRowSchema,
} from '@pvstar/contract/basic-device';
import { basicDevice } from '@pvstar/contract/endpoints/basic-device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createBasicDeviceService } from './basic-device.service.ts';
import { createManufacturerKeyService } from './manufacturer-keys.service.ts';

const created = z.object({ id: z.number() });

/** Manufacturers and device specifications (basic data, `/basic/device`). */
export const basicDeviceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createBasicDeviceService(ctx);
    const keys = createManufacturerKeyService(ctx);

    serve(
      app,
      basicDevice.manufacturerPage,
      {
        querystring: PageQuerySchema,
        body: ManufacturerPageBodySchema,
        response: pageResultSchema(ManufacturerRowSchema),
      },
      async (req) => ok(await service.manufacturerPage(req.query, req.body, req.lang)),
    );

    serve(app, basicDevice.manufacturerAll, { response: z.array(ManufacturerOptionSchema) }, async () =>
      ok(await service.manufacturerAll()),
    );

    serve(
      app,
      basicDevice.manufacturerAdd,
      { body: ManufacturerAddBodySchema, response: created },
      async (req) => ok(await service.manufacturerAdd(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(app, basicDevice.manufacturerEdit, { body: ManufacturerEditBodySchema }, async (req) => {
      await service.manufacturerEdit(callerOf(req), req.body, req.ip, req.lang);
      return ok(null, 'saved');
    });

    serve(app, basicDevice.manufacturerDelete, { body: IdBodySchema }, async (req) => {
      await service.manufacturerDelete(callerOf(req), req.body.id, req.ip);
      return ok(null, 'deleted');
    });

    serve(
      app,
      basicDevice.manufacturerKeyList,
      {
        description: 'The manufacturer’s firmware signing keys (Ed25519), active ones first.',
        body: ManufacturerKeyListBodySchema,
        response: z.array(ManufacturerKeyRowSchema),
      },
      async (req) => ok(await keys.list(req.body.manufacturerId)),
    );

    serve(
      app,
      basicDevice.manufacturerKeyAdd,
      {
        description:
          'Registers an Ed25519 public key (PEM SPKI or the raw 32 bytes in base64): firmware of this manufacturer must be signed by one of its active keys. 409 when the manufacturer has it already.',
        body: ManufacturerKeyAddBodySchema,
        response: z.object({ id: z.number(), fingerprint: z.string() }),
      },
      async (req) => ok(await keys.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(
      app,
      basicDevice.manufacturerKeyRetire,
      {
        description:
          'Retires a key for good: it verifies no new upload, and the images it signed are no longer rolled out.',
        body: IdBodySchema,
      },
      async (req) => {
        await keys.retire(callerOf(req), req.body.id, req.ip);
        return ok(null, 'saved');
      },
    );

    serve(
      app,
      basicDevice.specPage,
      {
        querystring: PageQuerySchema,
        body: DeviceSpecPageBodySchema,
        response: pageResultSchema(DeviceSpecRowSchema),
      },
      async (req) => ok(await service.specPage(req.query, req.body)),
    );

    serve(app, basicDevice.specAdd, { body: DeviceSpecAddBodySchema, response: created }, async (req) =>
      ok(await service.specAdd(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(app, basicDevice.specEdit, { body: DeviceSpecEditBodySchema }, async (req) => {
      await service.specEdit(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(app, basicDevice.specDelete, { body: IdBodySchema }, async (req) => {
      await service.specDelete(callerOf(req), req.body.id, req.ip);
      return ok(null, 'deleted');
    });
  };
