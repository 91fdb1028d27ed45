import { IdParamsSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { org } from '@pvstar/contract/endpoints/org';
import {
  OrgAddBodySchema,
  OrgDeleteBodySchema,
  OrgEditBodySchema,
  OrgPageBodySchema,
  OrgRowSchema,
  OrgStatusBodySchema,
  OrgTreeBodySchema,
  OrgTreeNodeSchema,
} from '@pvstar/contract/org';
import { UserAddBodySchema, UserEditBodySchema } from '@pvstar/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getScopedOrg } from '../../domain/orgs.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { createUserService } from '../user/user.service.ts';
import { createOrgService, orgPerm } from './org.service.ts';

const created = z.object({ id: z.number() });

export const orgRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const orgs = createOrgService(ctx);
    const usersService = createUserService(ctx);

    /** Employees are managed from the organisation page with its employee button. */
    async function checkEmployeeAccess(
      req: { caller: Parameters<typeof callerOf>[0]['caller'] },
      orgId: number,
    ) {
      const caller = callerOf(req);
      const found = await getScopedOrg(ctx.db, caller, orgId);
      if (!orgPerm(found.type as never, 'Employee').some((c) => caller.perms.has(c)))
        throw new AppError(403, 'auth.forbidden');
    }

    serve(app, org.tree, { body: OrgTreeBodySchema, response: z.array(OrgTreeNodeSchema) }, async (req) =>
      ok(await orgs.tree(callerOf(req), req.body.types)),
    );

    serve(
      app,
      org.page,
      { querystring: PageQuerySchema, body: OrgPageBodySchema, response: pageResultSchema(OrgRowSchema) },
      async (req) => ok(await orgs.page(callerOf(req), req.query, req.body)),
    );

    serve(app, org.detail, { params: IdParamsSchema, response: OrgRowSchema }, async (req) =>
      ok(await orgs.detail(callerOf(req), req.params.id)),
    );

    serve(app, org.add, { body: OrgAddBodySchema, response: created }, async (req) =>
      ok(await orgs.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(app, org.edit, { body: OrgEditBodySchema }, async (req) => {
      await orgs.edit(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(app, org.delete, { body: OrgDeleteBodySchema }, async (req) => {
      await orgs.remove(callerOf(req), req.body.id, req.body.confirmName, req.ip);
      return ok(null, 'deleted');
    });

    serve(app, org.status, { body: OrgStatusBodySchema }, async (req) => {
      await orgs.setStatus(callerOf(req), req.body.id, req.body.status, req.ip);
      return ok(null, 'saved');
    });

    serve(app, org.createEmployee, { body: UserAddBodySchema, response: created }, async (req) => {
      await checkEmployeeAccess(req, req.body.orgId);
      return ok(await usersService.add(callerOf(req), req.body, req.lang, req.ip), 'saved');
    });

    serve(app, org.editEmployee, { body: UserEditBodySchema }, async (req) => {
      const caller = callerOf(req);
      const user = await usersService.getScopedUser(caller, req.body.id);
      await checkEmployeeAccess(req, user.orgId);
      const { contactPending } = await usersService.edit(caller, req.body, req.ip);
      return ok(null, contactPending ? 'user.contactPending' : 'saved');
    });
  };
