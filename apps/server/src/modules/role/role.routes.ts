import { IdParamsSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { role } from '@pvstar/contract/endpoints/role';
import {
  RoleAddBodySchema,
  RoleDetailSchema,
  RoleEditBodySchema,
  RoleIdQuerySchema,
  RoleOptionSchema,
  RolePageBodySchema,
  RoleRowSchema,
  RoleStatusBodySchema,
} from '@pvstar/contract/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createRoleService } from './role.service.ts';

export const roleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createRoleService(ctx);

    serve(
      app,
      role.page,
      { querystring: PageQuerySchema, body: RolePageBodySchema, response: pageResultSchema(RoleRowSchema) },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(app, role.options, { response: z.array(RoleOptionSchema) }, async (req) =>
      ok(await service.options(callerOf(req))),
    );

    serve(app, role.detail, { params: IdParamsSchema, response: RoleDetailSchema }, async (req) =>
      ok(await service.detail(callerOf(req), req.params.id)),
    );

    serve(app, role.add, { body: RoleAddBodySchema, response: z.object({ id: z.number() }) }, async (req) =>
      ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(app, role.edit, { body: RoleEditBodySchema }, async (req) => {
      await service.edit(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(app, role.status, { body: RoleStatusBodySchema }, async (req) => {
      await service.setStatus(callerOf(req), req.body.id, req.body.status, req.ip);
      return ok(null, 'saved');
    });

    serve(app, role.delete, { querystring: RoleIdQuerySchema }, async (req) => {
      await service.remove(callerOf(req), req.query.roleId, req.ip);
      return ok(null, 'deleted');
    });
  };
