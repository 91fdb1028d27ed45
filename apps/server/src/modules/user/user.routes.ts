import { envelopeSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { PERM } from '@pvstar/contract/perm';
import { ResetTwoFactorBodySchema } from '@pvstar/contract/two-factor';
import {
  RevealContactBodySchema,
  UserAddBodySchema,
  UserEditBodySchema,
  UserIdQuerySchema,
  UserPageBodySchema,
  UserRowSchema,
  UserStatusBodySchema,
} from '@pvstar/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createUserService } from './user.service.ts';

const nothing = envelopeSchema(z.null());

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createUserService(ctx);
    const tags = ['user'];

    app.post(
      '/system/user/queryUserPage',
      {
        config: { access: { perm: [PERM.systemUser, PERM.orgDealerEmployee, PERM.orgInstallerEmployee] } },
        schema: {
          tags,
          operationId: 'userPage',
          querystring: PageQuerySchema,
          body: UserPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(UserRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    app.post(
      '/system/user/add',
      {
        config: { access: { perm: PERM.userAdd, write: true } },
        schema: {
          tags,
          operationId: 'userAdd',
          body: UserAddBodySchema,
          response: { 200: envelopeSchema(z.object({ id: z.number() })) },
        },
      },
      async (req) => ok(await service.add(callerOf(req), req.body, req.lang, req.ip), 'saved'),
    );

    app.post(
      '/system/user/edit',
      {
        config: { access: { perm: PERM.userEdit, write: true } },
        schema: { tags, operationId: 'userEdit', body: UserEditBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        const { contactPending } = await service.edit(callerOf(req), req.body, req.ip);
        return ok(null, contactPending ? 'user.contactPending' : 'saved');
      },
    );

    app.get(
      '/system/user/delete',
      {
        config: { access: { perm: PERM.userDelete, write: true } },
        schema: {
          tags,
          operationId: 'userDelete',
          querystring: UserIdQuerySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.remove(callerOf(req), req.query.userId, req.ip);
        return ok(null, 'deleted');
      },
    );

    app.get(
      '/system/user/resetPassword',
      {
        config: { access: { perm: PERM.userResetPassword, write: true } },
        schema: {
          tags,
          operationId: 'userResetPassword',
          querystring: UserIdQuerySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.resetPassword(callerOf(req), req.query.userId, req.lang, req.ip);
        return ok(null, 'user.passwordSent');
      },
    );

    app.post(
      '/system/user/resetTwoFactor',
      {
        // Only the provider's staff with this code (checked in the service): issue 17.
        config: { access: { perm: PERM.userEdit, write: true } },
        schema: {
          tags,
          operationId: 'userResetTwoFactor',
          body: ResetTwoFactorBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.resetTwoFactor(callerOf(req), req.body.userId, req.ip);
        return ok(null, 'twoFactor.reset');
      },
    );

    app.post(
      '/system/user/updateAccountStatus',
      {
        config: { access: { perm: PERM.userStatus, write: true } },
        schema: { tags, operationId: 'userStatus', body: UserStatusBodySchema, response: { 200: nothing } },
      },
      async (req) => {
        await service.setStatus(callerOf(req), req.body.userId, req.body.status, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/system/user/getMobileOrEmail',
      {
        // One's own contact is always revealable; another's needs a reveal code (checked in the service).
        config: { access: { signedIn: true } },
        schema: {
          tags,
          operationId: 'revealContact',
          body: RevealContactBodySchema,
          response: { 200: envelopeSchema(z.string().nullable()) },
        },
      },
      async (req) => ok(await service.revealContact(callerOf(req), req.body.viewType, req.body.id, req.ip)),
    );
  };
