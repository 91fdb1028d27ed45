import type { Lang } from '@pvstar/contract/lang';
import { md5 } from '../src/lib/crypto.ts';
import { nextIp, type TestApp } from './helper.ts';

type Answer = Awaited<ReturnType<TestApp['call']>>;

/** The fields a validation error names (`data.fields`), in order. */
export const fieldsOf = (body: Answer['body']): string[] =>
  (body.data?.fields ?? []).map((f: { field: string }) => f.field);

/**
 * The sign-in and account calls the auth suites make, each public one from a fresh address (the per-IP
 * limits are tested on their own). `app` is read at call time: suites build their app in `beforeAll`.
 */
export function authCalls(app: () => TestApp) {
  const publicPost = (url: string, body: unknown, lang?: Lang) =>
    app().call('POST', url, { body, ip: nextIp(), ...(lang ? { lang } : {}) });
  return {
    publicPost,
    post: (url: string, token: string, body: unknown = {}, lang?: Lang) =>
      app().call('POST', url, { token, body, ...(lang ? { lang } : {}) }),
    passwordLogin: (
      account: string,
      password: string,
      opts: { lang?: Lang; ip?: string; trustedDevices?: string[] } = {},
    ) =>
      app().call('POST', '/auth/user/login', {
        body: {
          account,
          password: md5(password),
          loginType: 'password',
          agree: true,
          ...(opts.trustedDevices ? { trustedDevices: opts.trustedDevices } : {}),
        },
        ip: opts.ip ?? nextIp(),
        ...(opts.lang ? { lang: opts.lang } : {}),
      }),
    codeLogin: (account: string, code: string) =>
      publicPost('/auth/user/login', { account, code, loginType: 'code', agree: true }),
    userInfo: (token: string) => app().call('GET', '/auth/user/getUserInfo', { token }),
  };
}
