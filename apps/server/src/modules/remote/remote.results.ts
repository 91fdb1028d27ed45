import type { CommandPayload, CommandResultPayload } from '@pvstar/contract/mqtt';
import {
  isValidParamValue,
  PARAM_DEFS,
  type ParamKey,
  type ParamValues,
  READ_TTL_MS,
  type RemoteCommandStatus,
  sameParamValue,
} from '@pvstar/contract/remote';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client.ts';
import { devices, remoteCommands, remoteParamSnapshots } from '../../db/schema/index.ts';
import type { CommandPublisher } from '../../domain/commands.ts';
import { emitWebhookEvents } from '../../domain/webhook-events.ts';
import { auditRemote, newCmdId } from './remote.service.ts';

type Command = typeof remoteCommands.$inferSelect;
interface Deps {
  db: Db;
  log: Logger;
  publish: CommandPublisher;
}

/** Results a little late still count: the device may have answered just before the deadline. */
const EXPIRY_GRACE_MS = 5_000;

/** Only known parameters with valid values are kept from what a device reports. */
function reportedValues(result: CommandResultPayload['result']): ParamValues | null {
  const values = result?.values;
  if (!values || typeof values !== 'object' || Array.isArray(values)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key in PARAM_DEFS && isValidParamValue(key as ParamKey, value)) out[key] = value;
  }
  return out as ParamValues;
}

async function storeSnapshot(db: Db, deviceId: number, values: ParamValues) {
  if (!Object.keys(values).length) return;
  await db
    .insert(remoteParamSnapshots)
    .values({ deviceId, values, readAt: new Date() })
    .onConflictDoUpdate({
      target: remoteParamSnapshots.deviceId,
      // Merged: a read-back of a few keys must not forget the others.
      set: { values: sql`${remoteParamSnapshots.values} || excluded.values`, readAt: sql`excluded.read_at` },
    });
}

/** Moves a command on, but only from the statuses given: a redelivered or late answer changes nothing. */
async function advance(db: Db, id: number, from: readonly RemoteCommandStatus[], set: Partial<Command>) {
  const [row] = await db
    .update(remoteCommands)
    .set(set)
    .where(and(eq(remoteCommands.id, id), inArray(remoteCommands.status, [...from])))
    .returning();
  return row ?? null;
}

async function deviceSn(db: Db, deviceId: number) {
  const [d] = await db.select({ sn: devices.sn }).from(devices).where(eq(devices.id, deviceId));
  return d?.sn ?? '';
}

const auditOf = async (db: Db, cmd: Command) => ({
  cmdId: cmd.cmdId,
  action: cmd.action,
  userId: cmd.userId,
  username: cmd.username,
  plantId: cmd.plantId,
  deviceId: cmd.deviceId,
  deviceSn: await deviceSn(db, cmd.deviceId),
  changes: cmd.changes,
});

const answerText = (r: CommandResultPayload) =>
  r.error ? r.error : r.result ? JSON.stringify(r.result) : r.status;

/**
 * A device's answer to a params.read or params.write. A write is confirmed only by reading the
 * written keys back: `succeeded` starts that read (VERIFYING), and its answer decides.
 */
export async function handleRemoteResult(deps: Deps, sn: string, r: CommandResultPayload): Promise<void> {
  // One transaction per answer: the step and its log row land together, and answers to the same
  // command are applied one after the other (the row lock), whatever order they are handled in.
  const followUp = await deps.db.transaction((tx) => applyResult(tx, deps.log, sn, r));
  if (followUp) deps.publish(sn, followUp);
}

async function applyResult(
  db: Tx,
  log: Logger,
  sn: string,
  r: CommandResultPayload,
): Promise<CommandPayload | null> {
  const [cmd] = await db
    .select()
    .from(remoteCommands)
    .where(
      and(
        eq(remoteCommands.dongleSn, sn),
        or(eq(remoteCommands.cmdId, r.cmdId), eq(remoteCommands.verifyCmdId, r.cmdId)),
      ),
    )
    .for('update');
  if (!cmd) {
    log.debug({ sn, cmdId: r.cmdId }, 'remote result for no command of this dongle');
    return null;
  }
  const isVerify = cmd.verifyCmdId === r.cmdId;

  if (r.status === 'accepted' || r.status === 'progress') {
    if (isVerify || cmd.action !== 'WRITE') return null;
    const moved = await advance(db, cmd.id, ['PENDING'], { status: 'ACCEPTED' });
    if (moved)
      await auditRemote(db, { ...(await auditOf(db, cmd)), outcome: 'ACCEPTED', deviceAnswer: 'accepted' });
    return null;
  }

  const now = new Date();
  if (r.status === 'failed') {
    const moved = await advance(db, cmd.id, ['PENDING', 'ACCEPTED', 'VERIFYING'], {
      status: 'FAILED',
      error: (r.error ?? 'failed').slice(0, 500),
      finishedAt: now,
    });
    if (moved)
      await auditRemote(db, {
        ...(await auditOf(db, cmd)),
        outcome: 'FAILED',
        deviceAnswer: answerText(r),
        reasonKey: 'remote.deviceFailed',
        reasonParams: { error: r.error ?? 'failed' },
      });
    return null;
  }

  // succeeded
  const values = reportedValues(r.result);
  if (cmd.action === 'READ' || isVerify) {
    // Whatever the command's fate, values the device reports are its true state.
    if (values) await storeSnapshot(db, cmd.deviceId, values);
  }
  if (cmd.action === 'READ') {
    const moved = await advance(db, cmd.id, ['PENDING', 'ACCEPTED'], {
      status: 'CONFIRMED',
      finishedAt: now,
    });
    if (moved)
      await auditRemote(db, {
        ...(await auditOf(db, cmd)),
        outcome: 'CONFIRMED',
        deviceAnswer: answerText(r),
      });
    return null;
  }
  if (!isVerify) {
    const verifyCmdId = newCmdId();
    const expiresAt = new Date(now.getTime() + READ_TTL_MS);
    const moved = await advance(db, cmd.id, ['PENDING', 'ACCEPTED'], {
      status: 'VERIFYING',
      verifyCmdId,
      expiresAt,
    });
    if (!moved) return null;
    // Sent after the commit: its answer must find the command in VERIFYING.
    return {
      cmdId: verifyCmdId,
      type: 'params.read',
      body: { deviceSn: await deviceSn(db, cmd.deviceId), keys: cmd.changes.map((c) => c.key) },
      expiresAt: expiresAt.getTime(),
    };
  }
  return applyReadBack(db, cmd, r, values, now);
}

/** The device's read-back after a write: confirmed when every changed value reads back as written. */
async function applyReadBack(
  db: Tx,
  cmd: Command,
  r: CommandResultPayload,
  values: ReturnType<typeof reportedValues>,
  now: Date,
): Promise<null> {
  const mismatch = cmd.changes.filter(
    (c) => !values || !sameParamValue((values as Record<string, unknown>)[c.key], c.new),
  );
  const moved = await advance(db, cmd.id, ['VERIFYING'], {
    status: mismatch.length ? 'FAILED' : 'CONFIRMED',
    error: mismatch.length
      ? `read-back mismatch: ${mismatch.map((c) => c.key).join(', ')}`.slice(0, 500)
      : null,
    finishedAt: now,
  });
  if (moved && !mismatch.length)
    await emitWebhookEvents(
      db,
      sql`SELECT ${cmd.plantId}::int, 'remote.confirmed', jsonb_build_object('cmdId', ${cmd.cmdId}::text,
        'deviceSn', ${await deviceSn(db, cmd.deviceId)}::text, 'changes', ${JSON.stringify(cmd.changes)}::jsonb,
        'confirmedAt', ${now.toISOString()}::timestamptz)`,
    );
  if (moved)
    await auditRemote(db, {
      ...(await auditOf(db, cmd)),
      outcome: mismatch.length ? 'FAILED' : 'CONFIRMED',
      deviceAnswer: answerText(r),
      reasonKey: mismatch.length ? 'remote.readBackMismatch' : null,
    });
  return null;
}

/**
 * Commands without a final answer past their deadline end as TIMED_OUT. The device checks the same
 * deadline before applying anything, so a timed-out write is never applied late.
 */
export async function expireRemoteCommands(db: Db, now = new Date()): Promise<number> {
  const expired = await db
    .update(remoteCommands)
    .set({ status: 'TIMED_OUT', error: 'expired', finishedAt: now })
    .where(
      and(
        inArray(remoteCommands.status, ['PENDING', 'ACCEPTED', 'VERIFYING']),
        lt(remoteCommands.expiresAt, new Date(now.getTime() - EXPIRY_GRACE_MS)),
      ),
    )
    .returning();
  for (const cmd of expired)
    await auditRemote(db, {
      ...(await auditOf(db, cmd)),
      outcome: 'TIMED_OUT',
      reasonKey: 'remote.timedOut',
    });
  return expired.length;
}
