import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client.ts';
import { type OutboxChannel, outbox, outboxAttachments } from '../db/schema/index.ts';
import { pollingWorker } from './polling-worker.ts';

export type Channel = OutboxChannel;

/** A file a mail carries. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Queues a message in the outbox; the worker delivers it. A mail may carry an HTML alternative of its
 * text and attachments, written in the same statement's transaction (pass the caller's `tx` to queue it
 * with what it reports on). Returns the outbox row's id.
 */
export async function queueMessage(
  db: DbOrTx,
  msg: {
    channel: Channel;
    recipient: string;
    subject: string;
    body: string;
    html?: string;
    attachments?: MailAttachment[];
  },
): Promise<number> {
  const { attachments = [], ...row } = msg;
  const [queued] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  const id = queued!.id;
  if (attachments.length)
    await db.insert(outboxAttachments).values(attachments.map((a) => ({ ...a, outboxId: id })));
  return id;
}

export interface MailboxMessage {
  at: string;
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  /** The names and sizes of the files the mail carried (their content is not kept). */
  attachments?: { filename: string; bytes: number }[];
}

/**
 * The development mailbox: what would have been sent when no provider is configured, so a demo or a
 * developer can read a code (`npm run mailbox`). A file in the data directory holding the last `keep`
 * messages, readable by the server's user only; main.ts opens it only with DEMO on, and nothing else
 * keeps a message's text once it is delivered.
 */
export function fileMailbox(file: string, keep = 50) {
  const list = (): MailboxMessage[] => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as MailboxMessage[];
    } catch {
      return [];
    }
  };
  return {
    file,
    list,
    put(message: MailboxMessage) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify([...list(), message].slice(-keep), null, 2), { mode: 0o600 });
    },
  };
}
export type DevMailbox = ReturnType<typeof fileMailbox>;

/** The development mailbox of a configuration: only in demo mode, never in production use. */
export const devMailbox = (config: { demo: boolean; DATA_DIR: string }): DevMailbox | null =>
  config.demo ? fileMailbox(path.resolve(config.DATA_DIR, 'mailbox.json')) : null;

/** Claims a batch of pending messages, with their attachments; SKIP LOCKED lets several job workers share the outbox. */
async function claimBatch(db: Db, batch: number) {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'PENDING'), sql`${outbox.attempts} < 5`))
      .orderBy(outbox.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length)
      await tx
        .update(outbox)
        .set({ status: 'SENDING', attempts: sql`${outbox.attempts} + 1` })
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
    return rows;
  });
  const files = claimed.length
    ? await db
        .select()
        .from(outboxAttachments)
        .where(
          inArray(
            outboxAttachments.outboxId,
            claimed.map((r) => r.id),
          ),
        )
        .orderBy(outboxAttachments.id)
    : [];
  return { claimed, files };
}

/**
 * Delivers the outbox: e-mail through SMTP when `SMTP_URL` is set; otherwise (and for SMS, which has no
 * provider configured) the message goes to the development mailbox when there is one (DEMO), and the log
 * says only that it was not sent. A message's text (codes, generated passwords), its HTML and its
 * attachments are removed once it is delivered or given up on, and never logged.
 */
export function createOutboxWorker(deps: {
  db: Db;
  log: Logger;
  smtpUrl?: string;
  from: string;
  intervalMs?: number;
  mailbox?: DevMailbox | null;
}) {
  const transport: Transporter | null = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  async function deliver(batch = 20): Promise<number> {
    const { claimed, files } = await claimBatch(deps.db, batch);
    // Once delivered or given up on, nothing of the message is kept but its head.
    const forget = (id: number) =>
      deps.db.delete(outboxAttachments).where(eq(outboxAttachments.outboxId, id));
    for (const row of claimed) {
      const attachments = files.filter((f) => f.outboxId === row.id);
      try {
        if (row.channel === 'EMAIL' && transport) {
          await transport.sendMail({
            from: deps.from,
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            ...(row.html ? { html: row.html } : {}),
            ...(attachments.length
              ? {
                  attachments: attachments.map((a) => ({
                    filename: a.filename,
                    contentType: a.contentType,
                    content: a.content,
                  })),
                }
              : {}),
          });
        } else {
          deps.mailbox?.put({
            at: new Date().toISOString(),
            channel: row.channel,
            to: row.recipient,
            subject: row.subject,
            body: row.body,
            ...(attachments.length
              ? { attachments: attachments.map((a) => ({ filename: a.filename, bytes: a.content.length })) }
              : {}),
          });
          deps.log.info(
            { outboxId: row.id, channel: row.channel, to: row.recipient, subject: row.subject },
            deps.mailbox
              ? 'outbox message not sent (no provider configured): see the development mailbox'
              : 'outbox message not sent: no provider configured',
          );
        }
        await deps.db
          .update(outbox)
          .set({ status: 'SENT', sentAt: new Date(), lastError: null, body: '', html: null })
          .where(eq(outbox.id, row.id));
        await forget(row.id);
      } catch (err) {
        deps.log.warn({ err, outboxId: row.id }, 'outbox delivery failed');
        const last = row.attempts + 1 >= 5;
        await deps.db
          .update(outbox)
          .set({
            status: last ? 'FAILED' : 'PENDING',
            lastError: String((err as Error).message).slice(0, 500),
            ...(last ? { body: '', html: null } : {}),
          })
          .where(eq(outbox.id, row.id));
        if (last) await forget(row.id);
      }
    }
    return claimed.length;
  }

  const worker = pollingWorker({
    pass: deliver,
    onTickError: (err) => deps.log.warn({ err }, 'outbox worker tick failed'),
    firstDelayMs: 100,
    intervalMs: deps.intervalMs ?? 2000,
  });
  return {
    /** Delivers what is pending now (tests call this instead of waiting for the timer). */
    flush: worker.flush,
    start: worker.start,
    async stop() {
      await worker.stop();
      transport?.close();
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
