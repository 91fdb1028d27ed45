import type { ForgetBody, LoginBody, RegisterBody } from '@pvstar/contract/auth';
import { post } from '../../../api/http.ts';

/** The public account calls; each resolves with the server's data and shows no toast of its own. */
export const login = (body: LoginBody) => post<string>('/auth/user/login', body, { silent: true });
export const demoLogin = () => post<string>('/auth/user/demo/login', {}, { silent: true });
export const register = (body: RegisterBody) => post<null>('/auth/user/register', body, { silent: true });
export const forgetPassword = (body: ForgetBody) => post<null>('/auth/user/forget', body, { silent: true });
