import { envelopeSchema, IdSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
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
import { PERM } from '@pvstar/contract/perm';
import { UserAddBodySchema, UserEditBodySchema } from '@pvstar/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { createUserService } from '../user/user.service.ts';
import { createOrgService, getScopedOrg, orgPerm } from './org.service.ts';

const VIEW = [PERM.orgDealer, PERM.orgInstaller];
const ADD = [PERM.orgDealerAdd, PERM.orgInstallerAdd];
const EDIT = [PERM.orgDealerEdit, PERM.orgInstallerEdit];
const DELETE = [PERM.orgDealerDelete, PERM.orgInstallerDelete];
const STATUS = [PERM.orgDealerStatus, PERM.orgInstallerStatus];
const EMPLOYEE = [PERM.orgDealerEmployee, PERM.orgInstallerEmployee];
const nothing = envelopeSchema(z.null());
const created = envelopeSchema(z.object({ id: z.number() }));

export const orgRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const orgs = createOrgService(ctx);
    const usersService = createUserService(ctx);
    const tags = ['organization'];

    /** Employees are managed from the organisation page with its employee button. */
    async function checkEmployeeAccess(
      req: { caller: Parameters<typeof callerOf>[0]['caller'] },
      orgId: number,
    ) {
      const caller = callerOf(req);
      const org = await getScopedOrg(ctx.db, caller, orgId);
      if (!orgPerm(org.type as never, 'Employee').some((c) => caller.perms.has(c)))
        throw new AppError(403, 'auth.forbidden');
    }

    app.post(
      '/system/org/tree',
      {
        config: { access: { perm: [...VIEW, PERM.systemUser] } },
        schema: {
          tags,
          operationId: 'orgTree',
          body: OrgTreeBodySchema,
          response: { 200: envelopeSchema(z.array(OrgTreeNodeSchema)) },
        },
      },
      async (req) => ok(await orgs.tree(callerOf(req), req.body.types)),
    );

    app.post(
      '/system/org/page',
      {
        config: { access: { perm: VIEW } },
        schema: {
          tags,
          operationId: 'orgPage',
          querystring: PageQuerySchema,
          body: OrgPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(OrgRowSchema)) },
        },
      },
      async (req) => ok(await orgs.page(callerOf(req), req.query, req.body)),
    );

    app.get(
      '/system/org/:id',
      {
        config: { access: { perm: VIEW } },
        schema: {
          tags,
          operationId: 'orgDetail',
          params: z.object({ id: IdSchema }),
          response: { 200: envelopeSchema(OrgRowSchema) },
        },
      },
      async (req) => ok(await orgs.detail(callerOf(req), req.params.id)),
    );

    app.post(
      '/system/org/add',
      {
        config: { access: { perm: ADD, write: true } },
        schema: { tags, operationId: 'orgAdd', body: OrgAddBodySchema, response: { 200: created } },
      },
      async (req) => ok(await orgs.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    app.post(
      '/system/org/edit',
      {
        config: { access: { perm: EDIT, write: true } },
        schema: { tags, operationId: 'orgEdit', body: OrgEditBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await orgs.edit(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/org/delete',
      {
        config: { access: { perm: DELETE, write: true } },
        schema: { tags, operationId: 'orgDelete', body: OrgDeleteBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await orgs.remove(callerOf(req), req.body.id, req.body.confirmName, req.ip);
        return ok(null, 'deleted');
      },
    );

    app.post(
      '/system/org/updateStatus',
      {
        config: { access: { perm: STATUS, write: true } },
        schema: { tags, operationId: 'orgStatus', body: OrgStatusBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await orgs.setStatus(callerOf(req), req.body.id, req.body.status, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/org/createEmp',
      {
        config: { access: { perm: EMPLOYEE, write: true } },
        schema: {
          tags,
          operationId: 'orgCreateEmployee',
          body: UserAddBodySchema,
          response: { 200: created },
        },
      },
      async (req) => {
        await checkEmployeeAccess(req, req.body.orgId);
        return ok(await usersService.add(callerOf(req), req.body, req.lang, req.ip), 'saved');
      },
    );

    app.post(
      '/system/org/editEmp',
      {
        config: { access: { perm: EMPLOYEE, write: true } },
        schema: {
          tags,
          operationId: 'orgEditEmployee',
          body: UserEditBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const user = await usersService.getScopedUser(caller, req.body.id);
        await checkEmployeeAccess(req, user.orgId);
        const { contactPending } = await usersService.edit(caller, req.body, req.ip);
        return ok(null, contactPending ? 'user.contactPending' : 'saved');
      },
    );
  };
