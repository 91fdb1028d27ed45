import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export type Channel = 'EMAIL' | 'SMS';

/** Queues a message in the outbox; the worker delivers it. */
export async function queueMessage(
  db: Pick<Db, 'insert'>,
  msg: { channel: Channel; recipient: string; subject: string; body: string },
) {
  await db.insert(outbox).values(msg);
}

/**
 * Delivers the outbox: e-mail through SMTP when `SMTP_URL` is set; otherwise (and for SMS, which has no
 * provider configured) the message is written to the log so a demo or a developer can read the code.
 */
export function createOutboxWorker(deps: {
  db: Db;
  log: Logger;
  smtpUrl?: string;
  from: string;
  intervalMs?: number;
}) {
  const transport: Transporter | null = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function deliver(batch = 20): Promise<number> {
    // Claim a batch; SKIP LOCKED lets several job workers share the outbox.
    const claimed = await deps.db.transaction(async (tx) => {
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
    for (const row of claimed) {
      try {
        if (row.channel === 'EMAIL' && transport) {
          await transport.sendMail({
            from: deps.from,
            to: row.recipient,
            subject: row.subject,
            text: row.body,
          });
        } else {
          deps.log.info(
            {
              outboxId: row.id,
              channel: row.channel,
              to: row.recipient,
              subject: row.subject,
              body: row.body,
            },
            'outbox message (not sent: no provider configured)',
          );
        }
        await deps.db
          .update(outbox)
          .set({ status: 'SENT', sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        deps.log.warn({ err, outboxId: row.id }, 'outbox delivery failed');
        await deps.db
          .update(outbox)
          .set({
            status: row.attempts + 1 >= 5 ? 'FAILED' : 'PENDING',
            lastError: String((err as Error).message).slice(0, 500),
          })
          .where(eq(outbox.id, row.id));
      }
    }
    return claimed.length;
  }

  return {
    /** Delivers what is pending now (tests call this instead of waiting for the timer). */
    async flush() {
      if (running) await running;
      running = deliver();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    start() {
      const tick = async () => {
        try {
          if (!running) {
            running = deliver();
            await running;
          }
        } catch (err) {
          deps.log.warn({ err }, 'outbox worker tick failed');
        } finally {
          running = null;
          timer = setTimeout(tick, deps.intervalMs ?? 2000);
        }
      };
      timer = setTimeout(tick, 100);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      if (running) await running.catch(() => {});
      transport?.close();
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
