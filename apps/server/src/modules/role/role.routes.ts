import { envelopeSchema, IdSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { DataScopeSchema, OrgTypeSchema } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';
import {
  RoleAddBodySchema,
  RoleDetailSchema,
  RoleEditBodySchema,
  RoleIdQuerySchema,
  RolePageBodySchema,
  RoleRowSchema,
  RoleStatusBodySchema,
} from '@pvstar/contract/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createRoleService } from './role.service.ts';

const nothing = envelopeSchema(z.null());
const RoleOptionSchema = z.object({
  id: z.number(),
  roleName: z.string(),
  roleType: OrgTypeSchema,
  dataScope: DataScopeSchema,
});

export const roleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createRoleService(ctx);
    const tags = ['role'];

    app.post(
      '/system/role/page',
      {
        config: { access: { perm: PERM.systemRole } },
        schema: {
          tags,
          operationId: 'rolePage',
          querystring: PageQuerySchema,
          body: RolePageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(RoleRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    app.get(
      '/system/role/options',
      {
        config: { access: { perm: [PERM.systemUser, PERM.orgDealerEmployee, PERM.orgInstallerEmployee] } },
        schema: {
          tags,
          operationId: 'roleOptions',
          response: { 200: envelopeSchema(z.array(RoleOptionSchema)) },
        },
      },
      async (req) => ok(await service.options(callerOf(req))),
    );

    app.get(
      '/system/role/:id',
      {
        config: { access: { perm: PERM.systemRole } },
        schema: {
          tags,
          operationId: 'roleDetail',
          params: z.object({ id: IdSchema }),
          response: { 200: envelopeSchema(RoleDetailSchema) },
        },
      },
      async (req) => ok(await service.detail(callerOf(req), req.params.id)),
    );

    app.post(
      '/system/role/add',
      {
        config: { access: { perm: PERM.roleAdd, write: true } },
        schema: {
          tags,
          operationId: 'roleAdd',
          body: RoleAddBodySchema,
          response: { 200: envelopeSchema(z.object({ id: z.number() })) },
        },
      },
      async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    app.post(
      '/system/role/edit',
      {
        config: { access: { perm: PERM.roleEdit, write: true } },
        schema: { tags, operationId: 'roleEdit', body: RoleEditBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await service.edit(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/role/updateStatus',
      {
        config: { access: { perm: PERM.roleStatus, write: true } },
        schema: { tags, operationId: 'roleStatus', body: RoleStatusBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await service.setStatus(callerOf(req), req.body.id, req.body.status, req.ip);
        return ok(null, 'saved');
      },
    );

    app.get(
      '/system/role/delete',
      {
        config: { access: { perm: PERM.roleDelete, write: true } },
        schema: {
          tags,
          operationId: 'roleDelete',
          querystring: RoleIdQuerySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.remove(callerOf(req), req.query.roleId, req.ip);
        return ok(null, 'deleted');
      },
    );
  };
