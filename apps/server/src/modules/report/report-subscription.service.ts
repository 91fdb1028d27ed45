import type { PageQuery, PageResult } from '@pvstar/contract/api';
import { type Lang, resolveLang } from '@pvstar/contract/lang';
import {
  REPORT_SUBSCRIPTIONS_MAX,
  type ReportSubscriptionAddBody,
  type ReportSubscriptionEditBody,
  type ReportSubscriptionRow,
} from '@pvstar/contract/report';
import { maskContact } from '@pvstar/contract/validation';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pageWindow } from '../../db/lists.ts';
import { sqlRows } from '../../db/rows.ts';
import { reportSubscriptions, users } from '../../db/schema/index.ts';
import { plantScope } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/errors.ts';
import { newToken } from '../../lib/crypto.ts';
import { idList } from './report-scope.ts';

export type ReportSubscriptionDeps = Pick<AppContext, 'db'>;

/**
 * A user's own scheduled reports (docs/reports.md): list, add, change, remove, and the mail's unsubscribe
 * link. Only the caller's own subscriptions are ever found (another user's id answers 404). Chosen plants
 * must be in the caller's scope (else 404 naming `plantIds`); the account needs an e-mail address.
 */
export function createReportSubscriptionService(deps: ReportSubscriptionDeps) {
  return { ...createSubscriptionWrites(deps), ...createUnsubscribe(deps) };
}

/** The plants in reach, the checks a subscription passes, and its rows. */
function createSubscriptionQueries(ctx: ReportSubscriptionDeps) {
  const { db } = ctx;
  /** The chosen plants of the caller's scope, by id (names for the list). */
  async function plantsInScope(caller: Caller, ids: number[]) {
    if (!ids.length) return [];
    return sqlRows<{ id: number; name: string }>(
      db,
      sql`SELECT plants.id, plants.name FROM plants JOIN organizations ON organizations.id = plants.org_id
        WHERE ${plantScope(caller)} AND plants.id IN ${idList(ids)} ORDER BY plants.name, plants.id`,
    );
  }

  /** What add and edit check: an e-mail to send to, and every chosen plant in scope. */
  async function checked(caller: Caller, body: ReportSubscriptionAddBody) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
    if (!user?.email) throw invalidField('email', 'reportSubscription.noEmail', 422);
    const ids = [...new Set(body.plantIds ?? [])];
    if ((await plantsInScope(caller, ids)).length < ids.length)
      throw invalidField('plantIds', 'notFound', 404);
    return { monthly: body.monthly, weekly: body.weekly, plantIds: ids.length ? ids : null };
  }

  async function rowsOf(
    caller: Caller,
    where: ReturnType<typeof sql>,
    window?: { limit: number; offset: number },
  ) {
    const rows = await sqlRows<{
      id: number;
      monthly: boolean;
      weekly: boolean;
      plant_ids: number[] | string | null;
      email: string | null;
      created_at: Date | string;
      last_period: string | null;
      last_sent_at: Date | string | null;
    }>(
      db,
      sql`
      SELECT s.id, s.monthly, s.weekly, s.plant_ids, u.email, s.created_at, d.period AS last_period,
        d.created_at AS last_sent_at
      FROM report_subscriptions s JOIN users u ON u.id = s.user_id
      LEFT JOIN LATERAL (SELECT period, created_at FROM report_deliveries
        WHERE subscription_id = s.id AND outbox_id IS NOT NULL ORDER BY created_at DESC LIMIT 1) d ON true
      WHERE s.user_id = ${caller.userId} AND ${where}
      ORDER BY s.id
      ${window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``}`,
    );
    const out: ReportSubscriptionRow[] = [];
    for (const r of rows) {
      const ids: number[] | null = typeof r.plant_ids === 'string' ? JSON.parse(r.plant_ids) : r.plant_ids;
      out.push({
        id: r.id,
        monthly: r.monthly,
        weekly: r.weekly,
        plants: ids
          ? (await plantsInScope(caller, ids)).map((p) => ({ id: p.id, stationName: p.name }))
          : null,
        email: maskContact(r.email),
        createdAt: new Date(r.created_at).toISOString(),
        lastPeriod: r.last_period,
        lastSentAt: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
      });
    }
    return out;
  }

  async function one(caller: Caller, id: number) {
    const [row] = await rowsOf(caller, sql`s.id = ${id}`);
    if (!row) throw notFound();
    return row;
  }
  return { plantsInScope, checked, rowsOf, one };
}

/**
 * The same reports of the same plants a second time would only send each mail twice: refused with 409
 * naming the plants (the dialog's form shows it). `except` is the subscription being changed.
 */
async function refuseDuplicate(
  db: DbOrTx,
  userId: number,
  values: { monthly: boolean; weekly: boolean; plantIds: number[] | null },
  except?: number,
) {
  const plantsKey = (ids: number[] | null) => (ids ? [...ids].sort((a, b) => a - b).join(',') : 'all');
  const rows = await db
    .select({
      id: reportSubscriptions.id,
      monthly: reportSubscriptions.monthly,
      weekly: reportSubscriptions.weekly,
      plantIds: reportSubscriptions.plantIds,
    })
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.userId, userId));
  const same = rows.some(
    (r) =>
      r.id !== except &&
      r.monthly === values.monthly &&
      r.weekly === values.weekly &&
      plantsKey(r.plantIds) === plantsKey(values.plantIds),
  );
  if (same) throw invalidField('plantIds', 'reportSubscription.duplicate', 409);
}

/** The caller's subscriptions: list, add, edit, remove. */
function createSubscriptionWrites(ctx: ReportSubscriptionDeps) {
  const { db } = ctx;
  const { checked, rowsOf, one } = createSubscriptionQueries(ctx);
  return {
    async page(caller: Caller, q: PageQuery): Promise<PageResult<ReportSubscriptionRow>> {
      const [count] = await sqlRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM report_subscriptions WHERE user_id = ${caller.userId}`,
      );
      return { total: count?.n ?? 0, list: await rowsOf(caller, sql`true`, pageWindow(q)) };
    },

    async add(caller: Caller, body: ReportSubscriptionAddBody) {
      const values = await checked(caller, body);
      const id = await db.transaction(async (tx) => {
        // One at a time per user, so that the limit holds when two adds race.
        await tx.execute(sql`SELECT id FROM users WHERE id = ${caller.userId} FOR UPDATE`);
        const [count] = await sqlRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM report_subscriptions WHERE user_id = ${caller.userId}`,
        );
        if ((count?.n ?? 0) >= REPORT_SUBSCRIPTIONS_MAX)
          throw new AppError(422, 'reportSubscription.tooMany', { max: REPORT_SUBSCRIPTIONS_MAX });
        await refuseDuplicate(tx, caller.userId, values);
        const [row] = await tx
          .insert(reportSubscriptions)
          .values({ ...values, userId: caller.userId, unsubscribeToken: newToken(), createdAt: new Date() })
          .returning({ id: reportSubscriptions.id });
        return row!.id;
      });
      return one(caller, id);
    },

    async edit(caller: Caller, body: ReportSubscriptionEditBody) {
      await one(caller, body.id);
      const values = await checked(caller, body);
      await refuseDuplicate(db, caller.userId, values, body.id);
      await db
        .update(reportSubscriptions)
        .set(values)
        .where(and(eq(reportSubscriptions.id, body.id), eq(reportSubscriptions.userId, caller.userId)));
      return one(caller, body.id);
    },

    async remove(caller: Caller, id: number) {
      const gone = await db
        .delete(reportSubscriptions)
        .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, caller.userId)))
        .returning({ id: reportSubscriptions.id });
      if (!gone.length) throw notFound();
    },
  };
}

/** The unsubscribe link of a report mail. */
function createUnsubscribe(ctx: ReportSubscriptionDeps) {
  const { db } = ctx;
  return {
    /** The subscription of an unsubscribe link (null: none, or no longer), with its user's language. */
    async byToken(token: string) {
      const [row] = await db
        .select({
          id: reportSubscriptions.id,
          monthly: reportSubscriptions.monthly,
          weekly: reportSubscriptions.weekly,
          email: users.email,
          lang: users.lang,
        })
        .from(reportSubscriptions)
        .innerJoin(users, eq(users.id, reportSubscriptions.userId))
        .where(eq(reportSubscriptions.unsubscribeToken, token));
      if (!row) return null;
      const lang: Lang = resolveLang(row.lang);
      const frequency = row.monthly && row.weekly ? 'both' : row.monthly ? 'monthly' : 'weekly';
      return { ...row, lang, frequency } as const;
    },

    /** Ends the subscription of an unsubscribe link; whether there was one. */
    async unsubscribe(token: string) {
      const gone = await db
        .delete(reportSubscriptions)
        .where(eq(reportSubscriptions.unsubscribeToken, token))
        .returning({ id: reportSubscriptions.id });
      return gone.length > 0;
    },
  };
}
