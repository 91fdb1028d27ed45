import { auth } from '@pvstar/contract/endpoints/auth';
import {
  ChallengeBodySchema,
  RecoveryCodesSchema,
  SecondFactorBodySchema,
  SecondFactorResultSchema,
  StepUpBodySchema,
  StepUpResultSchema,
  TwoFactorDisableBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@pvstar/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createTwoFactorService } from './two-factor.ts';

/** Two-factor sign-in (issue 17): the sign-in's second step, and the user's own set-up. */
export const twoFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The same per-IP budget as the first step, on top of five tries per challenge.
    const loginLimit = { rateLimit: { max: ctx.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } };
    const service = createTwoFactorService(ctx);
    const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    });

    serve(
      app,
      auth.twoFactorVerify,
      // The challenge from the login answer is the credential.
      { body: SecondFactorBodySchema, response: SecondFactorResultSchema, config: loginLimit },
      async (req) => ok(await service.verifyChallenge(req.body, meta(req))),
    );

    serve(
      app,
      auth.twoFactorChallengeSetup,
      { body: ChallengeBodySchema, response: TwoFactorSetupSchema, config: loginLimit },
      async (req) => ok(await service.challengeSetup(req.body)),
    );

    serve(app, auth.twoFactorStatus, { response: TwoFactorStatusSchema }, async (req) =>
      ok(await service.status(callerOf(req))),
    );

    serve(app, auth.twoFactorSetup, { response: TwoFactorSetupSchema }, async (req) =>
      ok(await service.startSetup(callerOf(req))),
    );

    serve(
      app,
      auth.twoFactorEnable,
      { body: TwoFactorEnableBodySchema, response: RecoveryCodesSchema, config: loginLimit },
      async (req) =>
        ok(
          { recoveryCodes: await service.enable(callerOf(req), req.body.code, req.ip) },
          'twoFactor.enabled',
        ),
    );

    serve(
      app,
      auth.twoFactorDisable,
      { body: TwoFactorDisableBodySchema, config: loginLimit },
      async (req) => {
        await service.disable(callerOf(req), req.body, req.ip);
        return ok(null, 'twoFactor.disabled');
      },
    );

    serve(
      app,
      auth.stepUp,
      {
        body: StepUpBodySchema,
        response: StepUpResultSchema,
        config: loginLimit,
        description:
          'Proves presence again (the TOTP code where the account has two-factor sign-in, else the password as MD5) so that the session may take dangerous actions — deleting a plant, a dongle’s new secret, a webhook’s address or secret, inviting an owner, starting firmware, writing inverter settings — for the next five minutes; those answer 403 `{ data: { stepUp: true } }` without it. Signing in counts as a proof. Wrong proofs count towards the account’s confirmation lock (429 after five in 15 minutes).',
      },
      async (req) => ok(await service.stepUp(callerOf(req), req.body, req.ip)),
    );
  };
