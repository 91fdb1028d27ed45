import type { ForgetBody, LoginBody, RegisterBody } from '@pvstar/contract/auth';
import { auth } from '@pvstar/contract/endpoints/auth';
import type { SecondFactorBody, StepUpBody } from '@pvstar/contract/two-factor';
import { call } from '../../../api/call.ts';

/** The public account calls; each resolves with the server's data and shows no toast of its own. */
/** A session token, or (an account with a second factor) the challenge of the second step. */
export const login = (body: LoginBody) => call(auth.login, { body }, { silent: true });
export const verifySecondFactor = (body: SecondFactorBody) =>
  call(auth.twoFactorVerify, { body }, { silent: true });
export const challengeSetup = (challenge: string) =>
  call(auth.twoFactorChallengeSetup, { body: { challenge } }, { silent: true });
export const demoLogin = () => call(auth.demoLogin, { body: {} }, { silent: true });
export const register = (body: RegisterBody) => call(auth.register, { body }, { silent: true });
export const forgetPassword = (body: ForgetBody) => call(auth.forgetPassword, { body }, { silent: true });
/** Whether the signed-in account proves presence with an authenticator code (else its password); null: unknown. */
export const usesSecondFactor = () =>
  call(auth.twoFactorStatus, {}, { silent: true }).then(
    (s) => s.enabled,
    () => null,
  );
/** The step-up: a proof of presence for the dangerous actions of the next minutes. */
export const stepUp = (body: StepUpBody) => call(auth.stepUp, { body }, { silent: true });
