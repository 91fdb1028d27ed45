import {
  BindInfoBodySchema,
  CancelAccountBodySchema,
  ConfirmContactBodySchema,
  DemoLoginBodySchema,
  ForgetBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  UpdateAccountNameBodySchema,
  UpdatePasswordBodySchema,
  UserInfoSchema,
} from '@pvstar/contract/auth';
import { auth as api } from '@pvstar/contract/endpoints/auth';
import { LoginResultSchema } from '@pvstar/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createAccountService } from './account.service.ts';
import { createAuthService } from './auth.service.ts';
import { revokeSession } from './session.ts';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Per-IP limit on top of the per-account throttle (sign-in-throttle.ts).
    const loginLimit = { rateLimit: { max: ctx.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } };
    const auth = createAuthService(ctx);
    const account = createAccountService(ctx);
    const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    });

    serve(
      app,
      api.login,
      { body: LoginBodySchema, response: LoginResultSchema, config: loginLimit },
      async (req) => {
        const result = await auth.login(req.body, meta(req));
        if (typeof result === 'string') return ok(result);
        return ok(result, result.step === 'SETUP' ? 'twoFactor.setupNeeded' : 'twoFactor.needed');
      },
    );

    serve(
      app,
      api.demoLogin,
      { body: DemoLoginBodySchema, response: z.string(), config: loginLimit },
      async (req) => ok(await auth.demoLogin(meta(req))),
    );

    serve(app, api.register, { body: RegisterBodySchema, config: loginLimit }, async (req) => {
      await auth.register(req.body, req.ip);
      return ok(null, 'auth.registered');
    });

    serve(app, api.forgetPassword, { body: ForgetBodySchema, config: loginLimit }, async (req) => {
      await auth.forget(req.body, req.ip);
      return ok(null, 'auth.passwordReset');
    });

    serve(app, api.getUserInfo, { response: UserInfoSchema }, async (req) =>
      ok(await auth.userInfo(callerOf(req))),
    );

    serve(app, api.logout, {}, async (req) => {
      await revokeSession(ctx.db, callerOf(req).sessionId);
      return ok(null);
    });

    serve(app, api.updateAccountName, { body: UpdateAccountNameBodySchema }, async (req) => {
      await account.updateName(callerOf(req), req.body);
      return ok(null, 'saved');
    });

    serve(app, api.bindInfo, { body: BindInfoBodySchema }, async (req) => {
      await account.bindContact(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(
      app,
      api.confirmContact,
      // The user themself, signed in, with the code sent to the new contact (docs/decisions/009).
      { body: ConfirmContactBodySchema, config: loginLimit },
      async (req) => {
        await account.confirmContact(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    serve(app, api.updatePassword, { body: UpdatePasswordBodySchema, config: loginLimit }, async (req) => {
      await account.updatePassword(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(app, api.cancelAccount, { body: CancelAccountBodySchema, config: loginLimit }, async (req) => {
      await account.cancel(callerOf(req), req.body.password, req.ip);
      return ok(null, 'deleted');
    });
  };
