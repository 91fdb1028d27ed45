import { PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { user } from '@pvstar/contract/endpoints/user';
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
import { serve } from '../../http/serve.ts';
import { createUserService } from './user.service.ts';

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createUserService(ctx);

    serve(
      app,
      user.page,
      { querystring: PageQuerySchema, body: UserPageBodySchema, response: pageResultSchema(UserRowSchema) },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
    );

    serve(app, user.add, { body: UserAddBodySchema, response: z.object({ id: z.number() }) }, async (req) =>
      ok(await service.add(callerOf(req), req.body, req.lang, req.ip), 'saved'),
    );

    serve(app, user.edit, { body: UserEditBodySchema }, async (req) => {
      const { contactPending } = await service.edit(callerOf(req), req.body, req.ip);
      return ok(null, contactPending ? 'user.contactPending' : 'saved');
    });

    serve(app, user.delete, { querystring: UserIdQuerySchema }, async (req) => {
      await service.remove(callerOf(req), req.query.userId, req.ip);
      return ok(null, 'deleted');
    });

    serve(app, user.resetPassword, { querystring: UserIdQuerySchema }, async (req) => {
      await service.resetPassword(callerOf(req), req.query.userId, req.lang, req.ip);
      return ok(null, 'user.passwordSent');
    });

    serve(app, user.resetTwoFactor, { body: ResetTwoFactorBodySchema }, async (req) => {
      await service.resetTwoFactor(callerOf(req), req.body.userId, req.ip);
      return ok(null, 'twoFactor.reset');
    });

    serve(app, user.status, { body: UserStatusBodySchema }, async (req) => {
      await service.setStatus(callerOf(req), req.body.userId, req.body.status, req.ip);
      return ok(null, 'saved');
    });

    serve(
      app,
      user.revealContact,
      { body: RevealContactBodySchema, response: z.string().nullable() },
      async (req) => ok(await service.revealContact(callerOf(req), req.body.viewType, req.body.id, req.ip)),
    );
  };
