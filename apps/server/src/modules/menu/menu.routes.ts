import { envelopeSchema } from '@pvstar/contract/api';
import {
  MenuAddBodySchema,
  MenuEditBodySchema,
  MenuIdQuerySchema,
  MenuRowSchema,
} from '@pvstar/contract/menu';
import { PERM } from '@pvstar/contract/perm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createMenuService } from './menu.service.ts';

const nothing = envelopeSchema(z.null());
const tree = envelopeSchema(z.array(MenuRowSchema));

export const menuRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMenuService(ctx);
    const tags = ['menu'];

    app.get(
      '/system/menu/tree',
      {
        config: { access: { perm: PERM.systemMenu } },
        schema: { tags, operationId: 'menuTree', response: { 200: tree } },
      },
      async () => ok(await service.tree()),
    );

    app.get(
      '/system/menu/grantable',
      {
        config: { access: { perm: [PERM.systemRole] } },
        schema: { tags, operationId: 'menuGrantable', response: { 200: tree } },
      },
      async (req) => ok(await service.grantable(callerOf(req))),
    );

    app.post(
      '/system/menu/add',
      {
        config: { access: { perm: PERM.menuAdd, write: true } },
        schema: {
          tags,
          operationId: 'menuAdd',
          body: MenuAddBodySchema,
          response: { 200: envelopeSchema(z.object({ id: z.number() })) },
        },
      },
      async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    app.post(
      '/system/menu/edit',
      {
        config: { access: { perm: PERM.menuEdit, write: true } },
        schema: { tags, operationId: 'menuEdit', body: MenuEditBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await service.edit(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.get(
      '/system/menu/delete',
      {
        config: { access: { perm: PERM.menuDelete, write: true } },
        schema: {
          tags,
          operationId: 'menuDelete',
          querystring: MenuIdQuerySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.remove(callerOf(req), req.query.menuId, req.ip);
        return ok(null, 'deleted');
      },
    );
  };
