import type { ForgetBody, LoginBody, RegisterBody } from '@pvstar/contract/auth';
import type {
  LoginResult,
  SecondFactorBody,
  SecondFactorResult,
  TwoFactorSetup,
} from '@pvstar/contract/two-factor';
import { post } from '../../../api/http.ts';

/** The public account calls; each resolves with the server's data and shows no toast of its own. */
/** A session token, or (an account with a second factor) the challenge of the second step. */
export const login = (body: LoginBody) => post<LoginResult>('/auth/user/login', body, { silent: true });
export const verifySecondFactor = (body: SecondFactorBody) =>
  post<SecondFactorResult>('/auth/user/twoFactor/verify', body, { silent: true });
export const challengeSetup = (challenge: string) =>
  post<TwoFactorSetup>('/auth/user/twoFactor/challengeSetup', { challenge }, { silent: true });
export const demoLogin = () => post<string>('/auth/user/demo/login', {}, { silent: true });
export const register = (body: RegisterBody) => post<null>('/auth/user/register', body, { silent: true });
export const forgetPassword = (body: ForgetBody) => post<null>('/auth/user/forget', body, { silent: true });
