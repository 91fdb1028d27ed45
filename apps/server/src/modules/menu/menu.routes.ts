import { menu } from '@pvstar/contract/endpoints/menu';
import {
  MenuAddBodySchema,
  MenuEditBodySchema,
  MenuIdQuerySchema,
  MenuRowSchema,
} from '@pvstar/contract/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createMenuService } from './menu.service.ts';

const tree = z.array(MenuRowSchema);

export const menuRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMenuService(ctx);

    serve(app, menu.tree, { response: tree }, async () => ok(await service.tree()));

    serve(app, menu.grantable, { response: tree }, async (req) => ok(await service.grantable(callerOf(req))));

    serve(app, menu.add, { body: MenuAddBodySchema, response: z.object({ id: z.number() }) }, async (req) =>
      ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(app, menu.edit, { body: MenuEditBodySchema }, async (req) => {
      await service.edit(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(app, menu.delete, { querystring: MenuIdQuerySchema }, async (req) => {
      await service.remove(callerOf(req), req.query.menuId, req.ip);
      return ok(null, 'deleted');
    });
  };
