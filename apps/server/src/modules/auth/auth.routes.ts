import { envelopeSchema } from '@pvstar/contract/api';
import {
  BindInfoBodySchema,
  CancelAccountBodySchema,
  ConfirmContactBodySchema,
  ForgetBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  UpdateAccountNameBodySchema,
  UpdatePasswordBodySchema,
  UserInfoSchema,
} from '@pvstar/contract/auth';
import { LoginResultSchema } from '@pvstar/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createAccountService } from './account.service.ts';
import { createAuthService } from './auth.service.ts';
import { revokeSession } from './session.ts';

const nothing = envelopeSchema(z.null());
const token = envelopeSchema(z.string());

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Per-IP limit on top of the per-account lock-out.
    const loginLimit = { max: ctx.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' };
    const auth = createAuthService(ctx);
    const account = createAccountService(ctx);
    const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    });

    app.post(
      '/auth/user/login',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'login',
          body: LoginBodySchema,
          response: { 200: envelopeSchema(LoginResultSchema) },
        },
      },
      async (req) => {
        const result = await auth.login(req.body, meta(req));
        if (typeof result === 'string') return ok(result);
        return ok(result, result.step === 'SETUP' ? 'twoFactor.setupNeeded' : 'twoFactor.needed');
      },
    );

    app.post(
      '/auth/user/demo/login',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'demoLogin',
          body: z.object({}).optional(),
          response: { 200: token },
        },
      },
      async (req) => ok(await auth.demoLogin(meta(req))),
    );

    app.post(
      '/auth/user/register',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'register',
          body: RegisterBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await auth.register(req.body, req.ip);
        return ok(null, 'auth.registered');
      },
    );

    app.post(
      '/auth/user/forget',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'forgetPassword',
          body: ForgetBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await auth.forget(req.body, req.ip);
        return ok(null, 'auth.passwordReset');
      },
    );

    app.get(
      '/auth/user/getUserInfo',
      {
        config: { access: { signedIn: true } },
        schema: {
          tags: ['auth'],
          operationId: 'getUserInfo',
          response: { 200: envelopeSchema(UserInfoSchema) },
        },
      },
      async (req) => ok(await auth.userInfo(callerOf(req))),
    );

    app.post(
      '/auth/user/logout',
      {
        config: { access: { signedIn: true } },
        schema: { tags: ['auth'], operationId: 'logout', response: { 200: nothing } },
      },
      async (req) => {
        await revokeSession(ctx.db, callerOf(req).sessionId);
        return ok(null);
      },
    );

    app.post(
      '/auth/user/updateAccountName',
      {
        config: { access: { signedIn: true, write: true } },
        schema: {
          tags: ['auth'],
          operationId: 'updateAccountName',
          body: UpdateAccountNameBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await account.updateName(callerOf(req), req.body);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/auth/user/bindInfo',
      {
        config: { access: { signedIn: true, write: true } },
        schema: {
          tags: ['auth'],
          operationId: 'bindInfo',
          body: BindInfoBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await account.bindContact(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/auth/user/confirmContact',
      {
        // The user themself, signed in, with the code sent to the new contact (docs/decisions/009).
        config: { access: { signedIn: true, write: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'confirmContact',
          body: ConfirmContactBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await account.confirmContact(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/auth/user/updatePassword',
      {
        config: { access: { signedIn: true, write: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'updatePassword',
          body: UpdatePasswordBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await account.updatePassword(callerOf(req), req.body, req.ip);
        return ok(null, 'saved');
      },
    );

    app.post(
      '/auth/user/cancel',
      {
        config: { access: { signedIn: true, write: true }, rateLimit: loginLimit },
        schema: {
          tags: ['auth'],
          operationId: 'cancelAccount',
          body: CancelAccountBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await account.cancel(callerOf(req), req.body.password, req.ip);
        return ok(null, 'deleted');
      },
    );
  };
