import type { ForgetBody, LoginBody, RegisterBody } from '@pvstar/contract/auth';
import { auth } from '@pvstar/contract/endpoints/auth';
import type { SecondFactorBody } from '@pvstar/contract/two-factor';
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
