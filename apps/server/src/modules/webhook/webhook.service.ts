import type { PageQuery, PageResult } from '@pvstar/contract/api';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookAddBody,
  type WebhookDeliveryRow,
  type WebhookEditBody,
  type WebhookPageBody,
  type WebhookRow,
  type WebhookSecret,
} from '@pvstar/contract/webhook';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pageWindow } from '../../db/lists.ts';
import { sqlRows } from '../../db/rows.ts';
import { organizations, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { orgInScope, scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { BlockedTargetError, resolveTarget } from '../../lib/net-guard.ts';
import { newWebhookSecret } from '../../lib/webhook-signature.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Whether a webhook target may be registered: HTTPS (unless WEBHOOK_ALLOW_PRIVATE), and a host whose
 * every address is public. Checked again at each delivery (webhook-delivery.ts).
 */
export async function checkTarget(url: string, allowPrivate: boolean) {
  const u = new URL(url);
  if (u.protocol !== 'https:' && !allowPrivate) throw invalidField('url', 'webhook.httpsRequired');
  try {
    await resolveTarget(u.hostname, allowPrivate);
  } catch (err) {
    if (err instanceof BlockedTargetError)
      throw invalidField(
        'url',
        err.reason === 'privateAddress' ? 'webhook.privateAddress' : 'webhook.unresolvable',
      );
    throw err;
  }
}

export type WebhookDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * Webhooks (2007005): an organisation's endpoints. A caller sees and manages the endpoints of the
 * organisations in their reach (their data scope; a SELF or ORG scope reaches their own organisation).
 * Another tenant's endpoint or delivery answers 404.
 */
export function createWebhookService(deps: WebhookDeps) {
  return { ...createWebhookReads(deps), ...createWebhookWrites(deps), ...createWebhookDeliveries(deps) };
}

/** Which webhooks the caller reaches, and the organisations a webhook may belong to. */
function createWebhookAccess(ctx: WebhookDeps) {
  const { db } = ctx;
  const allowPrivate = () => ctx.config.WEBHOOK_ALLOW_PRIVATE;

  const inReach = (caller: Caller) =>
    caller.dataScope === 'ALL'
      ? sql`TRUE`
      : caller.dataScope === 'ORG_AND_SUB'
        ? scopePredicate(caller, { orgPath: organizations.path, orgId: organizations.id, ownerId: sql`NULL` })
        : sql`${organizations.id} = ${caller.orgId}`;

  async function visible(caller: Caller, id: number) {
    const [row] = await db
      .select({ w: webhooks })
      .from(webhooks)
      .innerJoin(organizations, eq(organizations.id, webhooks.orgId))
      .where(and(eq(webhooks.id, id), inReach(caller)));
    if (!row) throw notFound();
    return row.w;
  }

  async function checkOrg(caller: Caller, orgId: number) {
    const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
    // An organisation out of reach is named as unknown, like a missing one.
    if (!org || !orgInScope(caller, org)) throw invalidField('orgId', 'webhook.orgUnknown', 404);
  }
  return { allowPrivate, inReach, visible, checkOrg };
}

/** The list. */
function createWebhookReads(ctx: WebhookDeps) {
  const { db } = ctx;
  const { inReach } = createWebhookAccess(ctx);
  return {
    async page(caller: Caller, q: PageQuery, body: WebhookPageBody): Promise<PageResult<WebhookRow>> {
      const where = and(inReach(caller), body.orgId ? eq(webhooks.orgId, body.orgId) : undefined);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(webhooks)
        .innerJoin(organizations, eq(organizations.id, webhooks.orgId))
        .where(where);
      const rows = await db
        .select({
          w: webhooks,
          orgName: organizations.name,
          last: sql<{ at: string; status: WebhookRow['lastDeliveryStatus'] } | null>`(
            SELECT jsonb_build_object('at', d.created_at, 'status', d.status) FROM webhook_deliveries d
            WHERE d.webhook_id = ${webhooks.id} ORDER BY d.id DESC LIMIT 1)`,
        })
        .from(webhooks)
        .innerJoin(organizations, eq(organizations.id, webhooks.orgId))
        .where(where)
        .orderBy(desc(webhooks.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return {
        total,
        list: rows.map(({ w, orgName, last }) => ({
          id: w.id,
          orgId: w.orgId,
          orgName,
          url: w.url,
          events: w.events,
          description: w.description,
          enabled: w.enabled,
          pausedAt: iso(w.pausedAt),
          consecutiveFailures: w.consecutiveFailures,
          secretHint: w.secret.slice(-4),
          lastDeliveryAt: last ? iso(last.at) : null,
          lastDeliveryStatus: last?.status ?? null,
          createTime: w.createdAt.toISOString(),
        })),
      };
    },
  };
}

/** Adding, editing, removing, a new secret, resuming and a test delivery. */
function createWebhookWrites(ctx: WebhookDeps) {
  const { db } = ctx;
  const { allowPrivate, visible, checkOrg } = createWebhookAccess(ctx);
  return {
    async add(caller: Caller, body: WebhookAddBody): Promise<WebhookSecret> {
      await checkOrg(caller, body.orgId);
      await checkTarget(body.url, allowPrivate());
      const secret = newWebhookSecret();
      const [row] = await db
        .insert(webhooks)
        .values({
          orgId: body.orgId,
          url: body.url,
          events: body.events,
          description: body.description ?? null,
          enabled: body.enabled,
          secret,
          createdBy: caller.userId,
        })
        .returning({ id: webhooks.id });
      return { id: row!.id, secret };
    },

    async edit(caller: Caller, body: WebhookEditBody) {
      const current = await visible(caller, body.id);
      if (body.orgId !== current.orgId) await checkOrg(caller, body.orgId);
      await checkTarget(body.url, allowPrivate());
      await db
        .update(webhooks)
        .set({
          orgId: body.orgId,
          url: body.url,
          events: body.events,
          description: body.description ?? null,
          enabled: body.enabled,
          updatedAt: new Date(),
        })
        .where(eq(webhooks.id, body.id));
    },

    async remove(caller: Caller, id: number) {
      await visible(caller, id);
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },

    async rotateSecret(caller: Caller, id: number): Promise<WebhookSecret> {
      await visible(caller, id);
      const secret = newWebhookSecret();
      await db.update(webhooks).set({ secret, updatedAt: new Date() }).where(eq(webhooks.id, id));
      return { id, secret };
    },

    /** Back into service: the failure count starts again and waiting deliveries go out at once. */
    async resume(caller: Caller, id: number) {
      await visible(caller, id);
      await db.transaction(async (tx) => {
        await tx
          .update(webhooks)
          .set({ pausedAt: null, consecutiveFailures: 0, enabled: true, updatedAt: new Date() })
          .where(eq(webhooks.id, id));
        await tx
          .update(webhookDeliveries)
          .set({
            nextAttemptAt: new Date(),
            retryUntil: sql`greatest(${webhookDeliveries.retryUntil}, now() + interval '24 hours')`,
          })
          .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'PENDING')));
      });
    },

    async test(caller: Caller, id: number): Promise<{ deliveryId: number }> {
      const w = await visible(caller, id);
      const [row] = await db
        .insert(webhookDeliveries)
        .values({
          webhookId: w.id,
          eventType: WEBHOOK_TEST_EVENT,
          payload: { plant: null, data: { message: 'Test event from PVSTAR', webhookId: w.id } },
        })
        .returning({ id: webhookDeliveries.id });
      return { deliveryId: row!.id };
    },
  };
}

/** The deliveries of a webhook, and one sent again. */
function createWebhookDeliveries(ctx: WebhookDeps) {
  const { db } = ctx;
  const { visible } = createWebhookAccess(ctx);
  return {
    async deliveries(
      caller: Caller,
      q: PageQuery,
      webhookId: number,
    ): Promise<PageResult<WebhookDeliveryRow>> {
      await visible(caller, webhookId);
      const { limit, offset } = pageWindow(q);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId));
      const rows = await sqlRows<{
        id: number;
        event_id: string;
        event_type: string;
        plant_id: number | null;
        plant_name: string | null;
        status: WebhookDeliveryRow['status'];
        attempts: number;
        next_attempt_at: string;
        last_status_code: number | null;
        created_at: string;
        delivered_at: string | null;
        log: { at: string; status_code: number | null; duration_ms: number; error: string | null }[];
      }>(
        db,
        sql`
        SELECT d.id::int AS id, d.event_id, d.event_type, d.plant_id, p.name AS plant_name, d.status, d.attempts,
          d.next_attempt_at, d.last_status_code, d.created_at, d.delivered_at,
          coalesce((SELECT jsonb_agg(jsonb_build_object('at', a.at, 'status_code', a.status_code,
              'duration_ms', a.duration_ms, 'error', a.error) ORDER BY a.id DESC)
            FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::jsonb) AS log
        FROM webhook_deliveries d LEFT JOIN plants p ON p.id = d.plant_id
        WHERE d.webhook_id = ${webhookId}
        ORDER BY d.id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
      return {
        total,
        list: rows.map((r) => ({
          id: Number(r.id),
          eventId: r.event_id,
          eventType: r.event_type,
          plantId: r.plant_id,
          plantName: r.plant_name,
          status: r.status,
          attempts: r.attempts,
          nextAttemptAt: r.status === 'PENDING' ? iso(r.next_attempt_at) : null,
          lastStatusCode: r.last_status_code,
          createTime: iso(r.created_at)!,
          deliveredAt: iso(r.delivered_at),
          log: r.log.map((a) => ({
            at: iso(a.at)!,
            statusCode: a.status_code,
            durationMs: a.duration_ms,
            error: a.error,
          })),
        })),
      };
    },

    /** Sends a delivery again as soon as the jobs role comes round, with a fresh 24 hours of retries. */
    async resend(caller: Caller, deliveryId: number) {
      const [row] = await db
        .select({ webhookId: webhookDeliveries.webhookId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!row) throw notFound();
      await visible(caller, row.webhookId);
      await db
        .update(webhookDeliveries)
        .set({
          status: 'PENDING',
          nextAttemptAt: new Date(),
          retryUntil: sql`now() + interval '24 hours'`,
        })
        .where(eq(webhookDeliveries.id, deliveryId));
    },
  };
}
