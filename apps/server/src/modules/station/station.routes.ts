import { envelopeSchema, IdSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { OrgTreeNodeSchema } from '@pvstar/contract/org';
import { PERM } from '@pvstar/contract/perm';
import {
  DongleSecretSchema,
  ResetSecretBodySchema,
  StationAddBodySchema,
  StationAddressSchema,
  StationDeleteBodySchema,
  StationDetailSchema,
  StationEditBodySchema,
  StationKpiSchema,
  StationPageBodySchema,
  StationRowSchema,
  StationSaveResultSchema,
} from '@pvstar/contract/station';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { removePictureIfUnused } from '../file/file.service.ts';
import { createOrgService } from '../org/org.service.ts';
import { createStationService } from './station.service.ts';

const IdParamsSchema = z.object({ id: IdSchema });

/** The plant center (2001…): list with KPIs, add, edit, delete, information, dongle secrets. */
export const stationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createStationService(ctx);
    const orgs = createOrgService(ctx);
    const tags = ['station'];

    app.post(
      '/station/station/page',
      {
        config: { access: { perm: PERM.stationMonitor } },
        schema: {
          tags,
          operationId: 'stationPage',
          querystring: PageQuerySchema,
          body: StationPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(StationRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    app.post(
      '/station/station/kpi',
      {
        config: { access: { perm: PERM.stationMonitor } },
        schema: {
          tags,
          operationId: 'stationKpi',
          body: StationPageBodySchema,
          response: { 200: envelopeSchema(StationKpiSchema) },
        },
      },
      async (req) => ok(await service.kpi(callerOf(req), req.body)),
    );

    // The plant pages need the managing organisations without the organisation or user menus.
    app.get(
      '/station/station/orgTree',
      {
        config: { access: { perm: PERM.stationMonitor } },
        schema: {
          tags,
          operationId: 'stationOrgTree',
          response: { 200: envelopeSchema(z.array(OrgTreeNodeSchema)) },
        },
      },
      async (req) => ok(await orgs.tree(callerOf(req), ['PROVIDER', 'DEALER', 'INSTALLER'])),
    );

    app.post(
      '/station/station/add',
      {
        config: { access: { perm: PERM.stationAdd, write: true } },
        schema: {
          tags,
          operationId: 'stationAdd',
          body: StationAddBodySchema,
          response: { 200: envelopeSchema(StationSaveResultSchema) },
        },
      },
      async (req) => ok(await service.add(callerOf(req), req.body, req.lang, req.ip), 'saved'),
    );

    app.post(
      '/station/station/edit',
      {
        config: { access: { perm: PERM.stationEdit, write: true } },
        schema: {
          tags,
          operationId: 'stationEdit',
          body: StationEditBodySchema,
          response: { 200: envelopeSchema(StationSaveResultSchema) },
        },
      },
      async (req) => ok(await service.edit(callerOf(req), req.body, req.lang, req.ip), 'saved'),
    );

    app.post(
      '/station/station/delete',
      {
        config: { access: { perm: PERM.stationDelete, write: true } },
        schema: {
          tags,
          operationId: 'stationDelete',
          body: StationDeleteBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        const { picture } = await service.remove(callerOf(req), req.body.id, req.body.confirmName, req.ip);
        await removePictureIfUnused(ctx, picture);
        return ok(null, 'deleted');
      },
    );

    app.post(
      '/station/station/dongle/resetSecret',
      {
        config: { access: { perm: PERM.stationEdit, write: true } },
        schema: {
          tags,
          operationId: 'stationDongleResetSecret',
          body: ResetSecretBodySchema,
          response: { 200: envelopeSchema(DongleSecretSchema) },
        },
      },
      async (req) =>
        ok(await service.resetSecret(callerOf(req), req.body.dongleId, req.ip), 'station.secretIssued'),
    );

    app.get(
      '/station/station/findAddress/:id',
      {
        config: { access: { perm: PERM.stationMonitor } },
        schema: {
          tags,
          operationId: 'stationAddress',
          params: IdParamsSchema,
          response: { 200: envelopeSchema(StationAddressSchema) },
        },
      },
      async (req) => ok(await service.address(callerOf(req), req.params.id, req.lang)),
    );

    app.get(
      '/station/station/:id',
      {
        config: { access: { perm: PERM.stationMonitor } },
        schema: {
          tags,
          operationId: 'stationDetail',
          params: IdParamsSchema,
          response: { 200: envelopeSchema(StationDetailSchema) },
        },
      },
      async (req) => ok(await service.detail(callerOf(req), req.params.id, req.lang)),
    );
  };
