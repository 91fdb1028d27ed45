import { envelopeSchema } from '@pvstar/contract/api';
import {
  ChallengeBodySchema,
  RecoveryCodesSchema,
  SecondFactorBodySchema,
  SecondFactorResultSchema,
  TwoFactorDisableBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@pvstar/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createTwoFactorService } from './two-factor.ts';

const nothing = envelopeSchema(z.null());

/** Two-factor sign-in (issue 17): the sign-in's second step, and the user's own set-up. */
export const twoFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The same per-IP budget as the first step, on top of five tries per challenge.
    const loginLimit = { max: ctx.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' };
    const service = createTwoFactorService(ctx);
    const tags = ['auth'];
    const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    });

    app.post(
      '/auth/user/twoFactor/verify',
      {
        // The challenge from the login answer is the credential.
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags,
          operationId: 'twoFactorVerify',
          body: SecondFactorBodySchema,
          response: { 200: envelopeSchema(SecondFactorResultSchema) },
        },
      },
      async (req) => ok(await service.verifyChallenge(req.body, meta(req))),
    );

    app.post(
      '/auth/user/twoFactor/challengeSetup',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags,
          operationId: 'twoFactorChallengeSetup',
          body: ChallengeBodySchema,
          response: { 200: envelopeSchema(TwoFactorSetupSchema) },
        },
      },
      async (req) => ok(await service.challengeSetup(req.body)),
    );

    app.get(
      '/auth/user/twoFactor',
      {
        config: { access: { signedIn: true } },
        schema: {
          tags,
          operationId: 'twoFactorStatus',
          response: { 200: envelopeSchema(TwoFactorStatusSchema) },
        },
      },
      async (req) => ok(await service.status(callerOf(req))),
    );

    app.post(
      '/auth/user/twoFactor/setup',
      {
        config: { access: { signedIn: true, write: true } },
        schema: {
          tags,
          operationId: 'twoFactorSetup',
          response: { 200: envelopeSchema(TwoFactorSetupSchema) },
        },
      },
      async (req) => ok(await service.startSetup(callerOf(req))),
    );

    app.post(
      '/auth/user/twoFactor/enable',
      {
        config: { access: { signedIn: true, write: true }, rateLimit: loginLimit },
        schema: {
          tags,
          operationId: 'twoFactorEnable',
          body: TwoFactorEnableBodySchema,
          response: { 200: envelopeSchema(RecoveryCodesSchema) },
        },
      },
      async (req) =>
        ok(
          { recoveryCodes: await service.enable(callerOf(req), req.body.code, req.ip) },
          'twoFactor.enabled',
        ),
    );

    app.post(
      '/auth/user/twoFactor/disable',
      {
        config: { access: { signedIn: true, write: true }, rateLimit: loginLimit },
        schema: {
          tags,
          operationId: 'twoFactorDisable',
          body: TwoFactorDisableBodySchema,
          response: { 200: nothing },
        },
      },
      async (req) => {
        await service.disable(callerOf(req), req.body, req.ip);
        return ok(null, 'twoFactor.disabled');
      },
    );
  };
