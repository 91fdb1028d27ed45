import { eq, sql } from 'drizzle-orm';
import { reportSubscriptions, users } from '../../../src/db/schema/index.ts';
import { newToken } from '../../../src/lib/crypto.ts';
import type { TestApp } from '../../helper.ts';
import { email, type MatrixEntry, PUBLIC, row, SIGNED_IN, SIGNED_IN_WRITE } from './shared.ts';

/** The permission matrix's rows: reports. */

/** Gives the account an e-mail address (reports need one) and clears its subscriptions (at most 20). */
async function readyToSubscribe(t: TestApp, username: string) {
  if (!username) return null;
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) return null;
  await t.ctx.db.execute(
    sql`UPDATE users SET email = coalesce(email, ${email('subscriber')}) WHERE id = ${user.id}`,
  );
  await t.ctx.db.delete(reportSubscriptions).where(eq(reportSubscriptions.userId, user.id));
  return user.id;
}

/** A subscription of the calling account itself (whole scope, monthly): what edit and delete name. */
async function ownSubscription(t: TestApp, username: string) {
  const userId = await readyToSubscribe(t, username);
  if (!userId) return 1;
  const [sub] = await t.ctx.db
    .insert(reportSubscriptions)
    .values({ userId, monthly: true, unsubscribeToken: newToken() })
    .returning({ id: reportSubscriptions.id });
  return sub!.id;
}

/** A subscription of the side's installer, for the unsubscribe link (public: anyone holding the link). */
async function installerToken(t: TestApp, installer: string) {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, installer));
  const token = newToken();
  await t.ctx.db
    .insert(reportSubscriptions)
    .values({ userId: user!.id, weekly: true, unsubscribeToken: token });
  return token;
}

export const REPORT_ROWS: MatrixEntry[] = [
  // Reports (2008): a list of plants must be in scope (else 404); without one, the plants in scope.
  {
    route: 'POST /station/report/energy',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/energy/export',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/fleet',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({ body: { dateType: 'month' } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/report/fleet/export',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({ body: { dateType: 'month' } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/report/alarm',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/alarm/export',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  // Scheduled reports by mail: the caller's own subscriptions; chosen plants must be in scope (404).
  {
    route: 'POST /station/report/subscription/page',
    token: 'none',
    expect: row(SIGNED_IN),
    request: () => ({ query: { pageNum: 1, pageSize: 10 } }),
  },
  {
    route: 'POST /station/report/subscription/add',
    token: 'none',
    expect: row('200 200 200 404 200 404 200 403 404 401'),
    request: async ({ t, side, caller }) => {
      await readyToSubscribe(t, caller.username);
      return { body: { monthly: true, weekly: false, plantIds: [side.plant.id] } };
    },
  },
  {
    route: 'POST /station/report/subscription/edit',
    token: 'none',
    expect: row('200 200 200 404 200 404 200 403 404 401'),
    request: async ({ t, side, caller }) => ({
      body: {
        id: await ownSubscription(t, caller.username),
        monthly: true,
        weekly: true,
        plantIds: [side.plant.id],
      },
    }),
  },
  {
    route: 'POST /station/report/subscription/delete',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    request: async ({ t, caller }) => ({ body: { id: await ownSubscription(t, caller.username) } }),
  },
  // The mail's unsubscribe link: its random token is the key, any token or none alike.
  {
    route: 'GET /station/report/subscription/unsubscribe/:token',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ params: { token: await installerToken(t, side.installer) } }),
  },
  {
    route: 'POST /station/report/subscription/unsubscribe/:token',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ params: { token: await installerToken(t, side.installer) } }),
  },
];
