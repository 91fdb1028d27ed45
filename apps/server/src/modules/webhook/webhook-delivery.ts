import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveLang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { WEBHOOK_HEADERS } from '@pvstar/contract/webhook';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { sqlRow, sqlRows } from '../../db/rows.ts';
import { localDaySql, localMidnightSql } from '../../domain/calendar.ts';
import { inSubtree } from '../../domain/scope.ts';
import { queueMessage } from '../../lib/mailer.ts';
import { BlockedTargetError, resolveTarget } from '../../lib/net-guard.ts';
import { pollingWorker } from '../../lib/polling-worker.ts';
import { signatureHeader } from '../../lib/webhook-signature.ts';

/** A receiver has this long to answer (connect, send, first bytes and all). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Failed attempts one after the other (no success between) that pause an endpoint. */
export const PAUSE_AFTER_FAILURES = 50;
/** Of a receiver's answer only this much is kept (in the attempt's error, for a failed status). */
const EXCERPT = 120;
/** Finished deliveries are kept this many days in the log. */
const KEEP_DAYS = 30;

/** The wait after the n-th failed attempt: 30 s doubling, at most an hour, with a little jitter. */
export const backoffMs = (attempt: number, random = Math.random) =>
  Math.round(Math.min(30_000 * 2 ** (attempt - 1), 3_600_000) * (0.9 + 0.2 * random()));

interface Due {
  id: number;
  webhook_id: number;
  event_id: string;
  event_type: string;
  payload: { plant: unknown; data: unknown };
  created_at: string | Date;
  attempts: number;
  retry_until: string | Date;
  url: string;
  secret: string;
}

export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** The body of a delivery: the same for every attempt and resend. */
export const deliveryBody = (d: Pick<Due, 'event_id' | 'event_type' | 'created_at' | 'payload'>) =>
  JSON.stringify({
    id: d.event_id,
    type: d.event_type,
    time: new Date(d.created_at).toISOString(),
    plant: d.payload.plant ?? null,
    data: d.payload.data ?? null,
  });

/**
 * One POST to a receiver. The host is resolved once and every address checked (lib/net-guard.ts), then the
 * connection goes to the checked address (TLS still verifies the host name); redirects are not followed
 * (a 3xx is a failure); at most WEBHOOK_TIMEOUT_MS; the answer's body is read only for a short excerpt.
 */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { statusCode: null, durationMs: 0, error: 'invalid URL' };
  }
  if (url.protocol !== 'https:' && !(opts.allowPrivate && url.protocol === 'http:'))
    return { statusCode: null, durationMs: 0, error: 'HTTPS required' };
  let resolved: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    resolved = await resolveTarget(url.hostname, opts.allowPrivate);
  } catch (err) {
    return {
      statusCode: null,
      durationMs: took(),
      error: err instanceof BlockedTargetError ? err.message : String(err),
    };
  }
  // The connection may only go to the address just checked.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: took() });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'PVSTAR-Webhooks/1',
          ...headers,
        },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT) excerpt += chunk;
          else res.destroy();
        });
        const finish = () =>
          done(
            status >= 200 && status < 300
              ? { statusCode: status, error: null }
              : {
                  statusCode: status,
                  error: `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}${
                    excerpt ? `: ${excerpt.replace(/\s+/g, ' ').slice(0, EXCERPT)}` : ''
                  }`,
                },
          );
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`));
    }, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    req.on('error', (err) => done({ statusCode: null, error: err.message.slice(0, 200) }));
    req.end(body);
  });
}

/**
 * Delivers the webhook outbox (the jobs role): claims due deliveries of endpoints in service (SKIP LOCKED,
 * so several job workers share it), posts each signed, and logs the attempt. A failure is retried with
 * exponential backoff until its `retry_until` (24 hours); then it fails for good. An endpoint is paused,
 * and its owner mailed, when a delivery fails for good without any success since it was made, or after
 * PAUSE_AFTER_FAILURES failed attempts in a row.
 */
export function createWebhookWorker(deps: {
  db: Db;
  log: Logger;
  allowPrivate: boolean;
  title: string;
  intervalMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function claim(batch: number): Promise<Due[]> {
    const at = now().toISOString();
    // The claim moves the row's next attempt past the timeout, so a worker that dies mid-way only delays it.
    return sqlRows<Due>(
      deps.db,
      sql`
      WITH due AS (
        SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.status = 'PENDING' AND d.next_attempt_at <= ${at}::timestamptz AND w.enabled AND w.paused_at IS NULL
        ORDER BY d.next_attempt_at LIMIT ${batch} FOR UPDATE OF d SKIP LOCKED)
      UPDATE webhook_deliveries d SET next_attempt_at = ${at}::timestamptz + interval '5 minutes'
      FROM due, webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
      RETURNING d.id::int AS id, d.webhook_id, d.event_id, d.event_type, d.payload, d.created_at, d.attempts,
        d.retry_until, w.url, w.secret`,
    );
  }

  async function record(d: Due, r: AttemptResult) {
    const at = now();
    const ok = r.error === null;
    const attempt = d.attempts + 1;
    const giveUp = !ok && at.getTime() >= new Date(d.retry_until).getTime();
    const next = new Date(Math.min(at.getTime() + backoffMs(attempt), new Date(d.retry_until).getTime()));
    const paused = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO webhook_attempts (delivery_id, at, status_code, duration_ms, error)
        VALUES (${d.id}, ${at.toISOString()}::timestamptz, ${r.statusCode}, ${r.durationMs}, ${r.error?.slice(0, 300) ?? null})`);
      await tx.execute(sql`
        UPDATE webhook_deliveries SET attempts = ${attempt}, last_status_code = ${r.statusCode},
          status = ${ok ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'PENDING'},
          delivered_at = ${ok ? at.toISOString() : null}::timestamptz,
          next_attempt_at = ${next.toISOString()}::timestamptz
        WHERE id = ${d.id}`);
      if (ok) {
        await tx.execute(sql`
          UPDATE webhooks SET consecutive_failures = 0, last_success_at = ${at.toISOString()}::timestamptz
          WHERE id = ${d.webhook_id}`);
        return null;
      }
      const w = await sqlRow<{ failures: number; last_success_at: string | null; paused_at: string | null }>(
        tx,
        sql`
        UPDATE webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = ${d.webhook_id}
        RETURNING consecutive_failures AS failures, last_success_at, paused_at`,
      );
      if (!w || w.paused_at) return null;
      const neverSince =
        giveUp && (w.last_success_at === null || new Date(w.last_success_at) < new Date(d.created_at));
      if (!neverSince && w.failures < PAUSE_AFTER_FAILURES) return null;
      await tx.execute(
        sql`UPDATE webhooks SET paused_at = ${at.toISOString()}::timestamptz WHERE id = ${d.webhook_id}`,
      );
      await notifyPaused(tx, d.webhook_id, deps.title);
      return d.webhook_id;
    });
    if (paused) deps.log.warn({ webhookId: paused }, 'webhook endpoint paused after repeated failures');
  }

  async function deliver(batch = 20): Promise<number> {
    const due = await claim(batch);
    await Promise.all(
      due.map(async (d) => {
        const body = deliveryBody(d);
        const t = Math.floor(now().getTime() / 1000);
        const result = await postWebhook(
          d.url,
          {
            [WEBHOOK_HEADERS.signature]: signatureHeader(d.secret, t, body),
            [WEBHOOK_HEADERS.eventId]: d.event_id,
            [WEBHOOK_HEADERS.eventType]: d.event_type,
          },
          body,
          { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs },
        );
        await record(d, result).catch((err) =>
          deps.log.warn({ err: (err as Error).message, deliveryId: d.id }, 'webhook attempt not recorded'),
        );
      }),
    );
    return due.length;
  }

  async function prune() {
    await deps.db.execute(sql`
      DELETE FROM webhook_deliveries WHERE status <> 'PENDING'
        AND created_at < ${now().toISOString()}::timestamptz - make_interval(days => ${KEEP_DAYS})`);
  }

  let ticks = 0;
  const worker = pollingWorker({
    pass: deliver,
    // The daily summaries and the log's upkeep about every minute.
    afterTick: async () => {
      if (ticks++ % 30 === 0) {
        await queueDailySummaries(deps.db, now());
        await prune();
      }
    },
    onTickError: (err) => deps.log.warn({ err: (err as Error).message }, 'webhook worker tick failed'),
    firstDelayMs: 500,
    intervalMs: deps.intervalMs ?? 2000,
  });
  return {
    /** Delivers what is due now (tests call this instead of waiting for the timer). */
    flush: worker.flush,
    start: worker.start,
    stop: worker.stop,
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

/** Mails the endpoint's creator that it was paused, in their language (through the mail outbox). */
async function notifyPaused(tx: Parameters<typeof queueMessage>[0], webhookId: number, title: string) {
  const owner = await sqlRow<{ email: string | null; lang: string | null; url: string; org_name: string }>(
    tx,
    sql`
    SELECT u.email, u.lang, w.url, o.name AS org_name FROM webhooks w
    JOIN organizations o ON o.id = w.org_id
    LEFT JOIN users u ON u.id = w.created_by AND u.status = 'NORMAL'
    WHERE w.id = ${webhookId}`,
  );
  if (!owner?.email) return;
  const lang = resolveLang(owner.lang);
  const params = { title, url: owner.url, org: owner.org_name };
  await queueMessage(tx, {
    channel: 'EMAIL',
    recipient: owner.email,
    subject: translate(lang, 'mail.webhook.pausedSubject', params).slice(0, 255),
    body: translate(lang, 'mail.webhook.pausedBody', params),
  });
}

/**
 * Each plant's daily summary (energy and revenue of its local day) once that day has ended in the plant's
 * time zone (and ten minutes more, for the last readings), for the endpoints subscribed that existed when
 * it ended; one per plant, day and endpoint (the dedupe key), however often this runs.
 */
export async function queueDailySummaries(db: Db, at = new Date()) {
  const now = sql`${at.toISOString()}::timestamptz`;
  await db.execute(sql`
    INSERT INTO webhook_deliveries (webhook_id, event_type, plant_id, payload, dedupe_key)
    SELECT w.id, 'plant.daily_summary', p.id,
      jsonb_build_object('plant', jsonb_build_object('id', p.id, 'name', p.name, 'plantNo', p.plant_no),
        'data', jsonb_build_object('date', d.day, 'timezone', p.timezone,
          'generationKwh', coalesce(e.generation, 0), 'consumptionKwh', coalesce(e.consumption, 0),
          'feedInKwh', coalesce(e.feed_in, 0), 'purchaseKwh', coalesce(e.purchase, 0),
          'revenue', coalesce(e.revenue, 0), 'currency', p.currency)),
      'daily:' || p.id || ':' || d.day
    FROM webhooks w
    JOIN organizations wo ON wo.id = w.org_id
    JOIN organizations po ON ${inSubtree(sql`po.path`, sql`wo.path`)}
    JOIN plants p ON p.org_id = po.id
    CROSS JOIN LATERAL (
      SELECT ${localDaySql(sql`${now} - interval '10 minutes'`, sql`p.timezone`)} - 1 AS day) d
    LEFT JOIN plant_energy_daily e ON e.plant_id = p.id AND e.day = d.day
    WHERE w.enabled AND w.paused_at IS NULL AND w.events ? 'plant.daily_summary'
      AND w.created_at <= ${localMidnightSql(sql`d.day + 1`, sql`p.timezone`)}
    ON CONFLICT (webhook_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`);
}
