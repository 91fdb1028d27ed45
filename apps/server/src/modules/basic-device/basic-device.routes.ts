import { envelopeSchema, IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
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
import { PERM } from '@pvstar/contract/perm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createBasicDeviceService } from './basic-device.service.ts';
import { createManufacturerKeyService } from './manufacturer-keys.service.ts';

const nothing = envelopeSchema(z.null());
const created = envelopeSchema(z.object({ id: z.number() }));

/** Manufacturers and device specifications (basic data, `/basic/device`). */
export const basicDeviceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createBasicDeviceService(ctx);
    const keys = createManufacturerKeyService(ctx);
    const tags = ['basic-device'];

    app.post(
      '/system/manufacturer/page',
      {
        config: { access: { perm: PERM.basicDevice } },
        schema: {
          tags,
          operationId: 'manufacturerPage',
          querystring: PageQuerySchema,
          body: ManufacturerPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(ManufacturerRowSchema)) },
        },
      },
      async (req) => ok(await service.manufacturerPage(req.query, req.body)),
    );

    app.get(
      '/system/manufacturer/all',
      {
        // Firmware programs are added per manufacturer: their page picks from the same list.
        config: { access: { perm: [PERM.basicDevice, PERM.upgradeProgram] } },
        schema: {
          tags,
          operationId: 'manufacturerAll',
          response: { 200: envelopeSchema(z.array(ManufacturerOptionSchema)) },
        },
      },
      async () => ok(await service.manufacturerAll()),
    );

    app.post(
      '/system/manufacturer/add',
      {
        config: { access: { perm: PERM.basicDeviceAdd, write: true } },
        schema: {
          tags,
          operationId: 'manufacturerAdd',
          body: ManufacturerAddBodySchema,
          response: { 200: created },
        },
      },
      async (req) => ok(await service.manufacturerAdd(callerOf(req), req.body, req.ip), 'saved'),
    );

    app.post(
      '/system/manufacturer/edit',
      {
        config: { access: { perm: PERM.basicDeviceEdit, write: true } },
        schema: {
          tags,
          operationId: 'manufacturerEdit',
          body: ManufacturerEditBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.manufacturerEdit(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/manufacturer/delete',
      {
        config: { access: { perm: PERM.basicDeviceDelete, write: true } },
        schema: { tags, operationId: 'manufacturerDelete', body: IdBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await service.manufacturerDelete(callerOf(req), req.body.id, req.ip);
        return ok(null, 'deleted');
      },
    );

    app.post(
      '/system/manufacturer/key/list',
      {
        config: { access: { perm: PERM.basicDevice } },
        schema: {
          tags,
          operationId: 'manufacturerKeyList',
          description: 'The manufacturer’s firmware signing keys (Ed25519), active ones first.',
          body: ManufacturerKeyListBodySchema,
          response: { 200: envelopeSchema(z.array(ManufacturerKeyRowSchema)) },
        },
      },
      async (req) => ok(await keys.list(req.body.manufacturerId)),
    );

    app.post(
      '/system/manufacturer/key/add',
      {
        config: { access: { perm: PERM.basicDeviceEdit, write: true } },
        schema: {
          tags,
          operationId: 'manufacturerKeyAdd',
          description:
            'Registers an Ed25519 public key (PEM SPKI or the raw 32 bytes in base64): firmware of this manufacturer must be signed by one of its active keys. 409 when the manufacturer has it already.',
          body: ManufacturerKeyAddBodySchema,
          response: { 200: envelopeSchema(z.object({ id: z.number(), fingerprint: z.string() })) },
        },
      },
      async (req) => ok(await keys.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    app.post(
      '/system/manufacturer/key/retire',
      {
        config: { access: { perm: PERM.basicDeviceEdit, write: true } },
        schema: {
          tags,
          operationId: 'manufacturerKeyRetire',
          description:
            'Retires a key for good: it verifies no new upload, and the images it signed are no longer rolled out.',
          body: IdBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await keys.retire(callerOf(req), req.body.id, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/deviceSpec/page',
      {
        config: { access: { perm: PERM.basicDevice } },
        schema: {
          tags,
          operationId: 'deviceSpecPage',
          querystring: PageQuerySchema,
          body: DeviceSpecPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(DeviceSpecRowSchema)) },
        },
      },
      async (req) => ok(await service.specPage(req.query, req.body)),
    );

    app.post(
      '/system/deviceSpec/add',
      {
        config: { access: { perm: PERM.basicDeviceAdd, write: true } },
        schema: {
          tags,
          operationId: 'deviceSpecAdd',
          body: DeviceSpecAddBodySchema,
          response: { 200: created },
        },
      },
      async (req) => ok(await service.specAdd(callerOf(req), req.body, req.ip), 'saved'),
    );

    app.post(
      '/system/deviceSpec/edit',
      {
        config: { access: { perm: PERM.basicDeviceEdit, write: true } },
        schema: {
          tags,
          operationId: 'deviceSpecEdit',
          body: DeviceSpecEditBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.specEdit(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/deviceSpec/delete',
      {
        config: { access: { perm: PERM.basicDeviceDelete, write: true } },
        schema: { tags, operationId: 'deviceSpecDelete', body: IdBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await service.specDelete(callerOf(req), req.body.id, req.ip);
        return ok(null, 'deleted');
      },
    );
  };
