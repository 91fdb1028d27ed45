import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { pendingContacts, users } from '../../../src/db/schema/index.ts';
import { md5, sha256 } from '../../../src/lib/crypto.ts';
import { DEMO_PASSWORD, requestCode, type TestApp } from '../../helper.ts';
import { email, type MatrixEntry, row, SIGNED_IN, SIGNED_IN_WRITE } from './shared.ts';
import { giveSecondFactor, TOTP_SECRET } from './two-factor.ts';

/** The permission matrix's rows: the signed-in user's own account. */

/** An e-mail an administrator set for a user, waiting for the code given (stored as the server stores it). */
async function pendingEmailFor(t: TestApp, username: string, contact: string, code: string) {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) return;
  await t.ctx.db.delete(pendingContacts).where(eq(pendingContacts.userId, user.id));
  await t.ctx.db.insert(pendingContacts).values({
    userId: user.id,
    contactType: 'EMAIL',
    contact,
    codeHash: sha256(`${contact}:${code}`),
    expiresAt: new Date(Date.now() + 3600_000),
  });
}

export const ACCOUNT_ROWS: MatrixEntry[] = [
  // The signed-in user's own account.
  { route: 'GET /auth/user/getUserInfo', token: 'read', expect: row(SIGNED_IN), request: () => ({}) },
  { route: 'GET /auth/user/twoFactor', token: 'none', expect: row(SIGNED_IN), request: () => ({}) },
  {
    route: 'POST /auth/user/twoFactor/setup',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: () => ({}),
  },
  {
    route: 'POST /auth/user/twoFactor/enable',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t, caller }) => {
      await giveSecondFactor(t, caller.username, false);
      return { body: { code: await generate({ secret: TOTP_SECRET }) } };
    },
  },
  {
    route: 'POST /auth/user/twoFactor/disable',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t, caller }) => {
      await giveSecondFactor(t, caller.username, true);
      return { body: { password: md5(caller.password), code: await generate({ secret: TOTP_SECRET }) } };
    },
  },
  {
    route: 'POST /auth/user/stepUp',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    request: ({ caller }) => ({ body: { password: md5(caller.password) } }),
  },
  {
    route: 'POST /auth/user/logout',
    token: 'none',
    expect: row(SIGNED_IN),
    by: 'freshSession',
    request: () => ({}),
  },
  {
    route: 'POST /auth/user/updateAccountName',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    request: () => ({ body: { nickname: 'Matrix caller' } }),
  },
  {
    route: 'POST /auth/user/bindInfo',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t }) => {
      const contact = email('bind');
      return { body: { contactType: 'EMAIL', contact, code: await requestCode(t, contact, 'BIND') } };
    },
  },
  {
    route: 'POST /auth/user/confirmContact',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t, caller }) => {
      const code = '246810';
      await pendingEmailFor(t, caller.username, email('pending'), code);
      return { body: { contactType: 'EMAIL', code } };
    },
  },
  {
    route: 'POST /auth/user/updatePassword',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: ({ caller }) => ({
      body: {
        oldPassword: md5(caller.password),
        password: md5(DEMO_PASSWORD),
        confirmPassword: md5(DEMO_PASSWORD),
      },
    }),
  },
  {
    // The provider's staff cannot cancel their own account.
    route: 'POST /auth/user/cancel',
    token: 'none',
    expect: row('403 200 200 200 200 200 200 403 200 401'),
    by: 'twin',
    request: ({ caller }) => ({ body: { password: md5(caller.password) } }),
  },
  { route: 'GET /auth/user/alarmNotify', token: 'none', expect: row(SIGNED_IN), request: () => ({}) },
  {
    route: 'POST /auth/user/alarmNotify',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    request: () => ({ body: { levels: ['ERROR'] } }),
  },
  {
    // Revealing another user's contact needs a reveal code and the user in scope (one's own: always).
    route: 'POST /system/user/getMobileOrEmail',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { viewType: 'EMAIL', id: side.employee.id } }),
  },
];
