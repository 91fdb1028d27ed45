import { MQTT_AUTH_SECRET_HEADER } from '@pvstar/contract/mqtt-auth';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { upgradeTaskDevices } from '../../../src/db/schema/index.ts';
import { md5 } from '../../../src/lib/crypto.ts';
import { tokenHash } from '../../../src/modules/upgrade/upgrade.dispatcher.ts';
import { addUser, MQTT_HTTP_AUTH_SECRET, requestCode, unique } from '../../helper.ts';
import { email, type MatrixEntry, PUBLIC, row } from './shared.ts';
import { challengeFor, TOTP_SECRET } from './two-factor.ts';

/** The permission matrix's rows: the API docs, the public routes, EMQX's HTTP hooks and the dongle's firmware download. */

export const PUBLIC_ROWS: MatrixEntry[] = [
  // Plugins (API docs) and the app's own public routes.
  { route: 'GET /docs', expect: row(PUBLIC), request: () => ({}) },
  { route: 'HEAD /docs/', expect: row(PUBLIC), request: () => ({}) },
  {
    route: 'GET /docs/static/index.html',
    expect: row('302 302 302 302 302 302 302 302 302 302'),
    request: () => ({}),
  },
  { route: 'GET /docs/static/swagger-initializer.js', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /docs/json', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /docs/yaml', expect: row(PUBLIC), request: () => ({}) },
  {
    route: 'GET /docs/static/*',
    expect: row(PUBLIC),
    request: () => ({ params: { '*': 'swagger-ui.css' } }),
  },
  { route: 'GET /', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /health', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /ready', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /system/config', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /system/crc/selectAll', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /system/unit/getAllUnit', expect: row(PUBLIC), request: () => ({}) },
  {
    route: 'POST /system/area/getBysuperiorCode',
    expect: row(PUBLIC),
    request: () => ({ body: { superiorCode: 'DE' } }),
  },
  {
    route: 'POST /system/smsEmail/send',
    expect: row(PUBLIC),
    request: () => ({ body: { contactType: 'EMAIL', contact: email('code'), purpose: 'REGISTER' } }),
  },
  {
    route: 'POST /auth/user/login',
    expect: row(PUBLIC),
    request: ({ fx }) => ({
      body: {
        account: fx.loginUser.username,
        password: md5(fx.loginUser.password),
        loginType: 'password',
        agree: true,
      },
    }),
  },
  { route: 'POST /auth/user/demo/login', expect: row(PUBLIC), request: () => ({ body: {} }) },
  // EMQX's HTTP authentication and authorisation: the shared secret, not a session, opens them (every column
  // alike; without the secret 401, modules/mqtt-auth/mqtt-auth.test.ts).
  {
    route: 'POST /mqtt/auth',
    expect: row(PUBLIC),
    request: ({ side }) => ({
      headers: { [MQTT_AUTH_SECRET_HEADER]: MQTT_HTTP_AUTH_SECRET },
      body: { clientid: side.dongle.sn, username: side.dongle.sn, password: 'not-its-secret-0123456789' },
    }),
  },
  {
    route: 'POST /mqtt/acl',
    expect: row(PUBLIC),
    request: ({ side }) => ({
      headers: { [MQTT_AUTH_SECRET_HEADER]: MQTT_HTTP_AUTH_SECRET },
      body: {
        clientid: side.dongle.sn,
        username: side.dongle.sn,
        topic: `pvstar/v1/${side.dongle.sn}/up/telemetry`,
        action: 'publish',
      },
    }),
  },
  {
    route: 'POST /auth/user/register',
    expect: row(PUBLIC),
    request: async ({ t }) => {
      const contact = email('reg');
      const code = await requestCode(t, contact, 'REGISTER');
      const password = md5('Matrix12');
      return {
        body: {
          username: unique('reg'),
          contactType: 'EMAIL',
          contact,
          code,
          password,
          confirmPassword: password,
          agree: true,
        },
      };
    },
  },
  {
    route: 'POST /auth/user/forget',
    expect: row(PUBLIC),
    request: async ({ t, side }) => {
      // A throwaway account forgets its password (the fixtures' accounts keep theirs).
      const user = await addUser(t, { org: side.org.id, roles: ['GUEST'], prefix: 'forget' });
      const code = await requestCode(t, user.email, 'FORGET');
      const password = md5('Matrix12');
      return {
        body: { contactType: 'EMAIL', contact: user.email, code, password, confirmPassword: password },
      };
    },
  },
  {
    // The dongle's download: the short-lived token in the link is the credential, not a session. It works
    // once, so each caller is handed it unused.
    route: 'GET /iot/firmware/download',
    expect: row(PUBLIC),
    request: async ({ t, side }) => {
      await t.ctx.db
        .update(upgradeTaskDevices)
        .set({ tokenUsedAt: null })
        .where(eq(upgradeTaskDevices.tokenHash, tokenHash(side.downloadToken)));
      return { query: { token: side.downloadToken } };
    },
  },

  {
    route: 'POST /auth/user/twoFactor/verify',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({
      body: {
        challenge: await challengeFor(t, side, 'VERIFY'),
        code: await generate({ secret: TOTP_SECRET }),
      },
    }),
  },
  {
    route: 'POST /auth/user/twoFactor/challengeSetup',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ body: { challenge: await challengeFor(t, side, 'SETUP') } }),
  },
];
