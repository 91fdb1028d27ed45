import { IdParamsSchema, pageResultSchema } from '@pvstar/contract/api';
import { plant } from '@pvstar/contract/endpoints/plant';
import { OrgTreeNodeSchema } from '@pvstar/contract/org';
import {
  DongleSecretSchema,
  PlantMapSchema,
  ResetSecretBodySchema,
  StationAddBodySchema,
  StationAddressSchema,
  StationDeleteBodySchema,
  StationDetailSchema,
  StationEditBodySchema,
  StationKpiSchema,
  StationPageBodySchema,
  StationPageQuerySchema,
  StationRowSchema,
  StationSaveResultSchema,
} from '@pvstar/contract/station';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { removePictureIfUnused } from '../file/file.service.ts';
import { createOrgService } from '../org/org.service.ts';
import { createPlantService } from './plant.service.ts';

/** The plant center (2001…): list with KPIs, add, edit, delete, information, dongle secrets. */
export const plantRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPlantService(ctx);
    const orgs = createOrgService(ctx);

    serve(
      app,
      plant.page,
      {
        querystring: StationPageQuerySchema,
        body: StationPageBodySchema,
        response: pageResultSchema(StationRowSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(app, plant.kpi, { body: StationPageBodySchema, response: StationKpiSchema }, async (req) =>
      ok(await service.kpi(callerOf(req), req.body)),
    );

    serve(app, plant.map, { body: StationPageBodySchema, response: PlantMapSchema }, async (req) =>
      ok(await service.map(callerOf(req), req.body)),
    );

    serve(app, plant.orgTree, { response: z.array(OrgTreeNodeSchema) }, async (req) =>
      ok(await orgs.tree(callerOf(req), ['PROVIDER', 'DEALER', 'INSTALLER'])),
    );

    serve(app, plant.add, { body: StationAddBodySchema, response: StationSaveResultSchema }, async (req) =>
      ok(await service.add(callerOf(req), req.body, req.lang, req.ip), 'saved'),
    );

    serve(app, plant.edit, { body: StationEditBodySchema, response: StationSaveResultSchema }, async (req) =>
      ok(await service.edit(callerOf(req), req.body, req.lang, req.ip), 'saved'),
    );

    serve(app, plant.delete, { body: StationDeleteBodySchema }, async (req) => {
      const { picture } = await service.remove(callerOf(req), req.body.id, req.body.confirmName, req.ip);
      await removePictureIfUnused(ctx, picture);
      return ok(null, 'deleted');
    });

    serve(
      app,
      plant.dongleResetSecret,
      { body: ResetSecretBodySchema, response: DongleSecretSchema },
      async (req) =>
        ok(await service.resetSecret(callerOf(req), req.body.dongleId, req.ip), 'station.secretIssued'),
    );

    serve(app, plant.address, { params: IdParamsSchema, response: StationAddressSchema }, async (req) =>
      ok(await service.address(callerOf(req), req.params.id, req.lang)),
    );

    serve(app, plant.detail, { params: IdParamsSchema, response: StationDetailSchema }, async (req) =>
      ok(await service.detail(callerOf(req), req.params.id, req.lang)),
    );
  };
