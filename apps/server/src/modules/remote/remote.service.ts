import { randomBytes } from 'node:crypto';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { PERM } from '@pvstar/contract/perm';
import {
  checkParamChanges,
  type ParamChange,
  type ParamValues,
  READ_TTL_MS,
  type RemoteAction,
  type RemoteAuditOutcome,
  type RemoteCommand,
  type RemoteState,
  type RemoteWriteBody,
  sameParamValue,
  WRITE_TTL_MS,
} from '@pvstar/contract/remote';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  devices,
  dongles,
  organizations,
  plants,
  remoteCommands,
  remoteParamAudit,
  remoteParamSnapshots,
} from '../../db/schema/index.ts';
import { CMD_PREFIX } from '../../domain/commands.ts';
import { plantScope } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/errors.ts';
import { confirmPassword } from '../../lib/passwords.ts';
import { createRemoteAudit } from './remote-audit.ts';

const OPEN_STATUSES = ['PENDING', 'ACCEPTED', 'VERIFYING'] as const;
/** A second open write of one inverter, refused by the database. */
const isOpenWriteClash = (err: unknown) => isUniqueViolation(err, 'remote_commands_one_open_write_uq');

export const newCmdId = () => `${CMD_PREFIX.remote}${randomBytes(16).toString('hex')}`;

interface Target {
  id: number;
  sn: string;
  kind: string;
  model: string | null;
  manufacturer: string | null;
  ratedPower: number | null;
  status: string;
  plantId: number;
  plantName: string;
  dongleSn: string;
}

export interface AuditInput {
  cmdId?: string | null;
  action: RemoteAction;
  outcome: RemoteAuditOutcome;
  userId: number | null;
  username: string;
  plantId: number;
  deviceId: number | null;
  deviceSn: string;
  changes?: ParamChange[];
  deviceAnswer?: string | null;
  reasonKey?: string | null;
  reasonParams?: Record<string, string | number> | null;
  ip?: string | null;
}

/** Appends to the remote settings log (append-only: the table refuses UPDATE and DELETE). */
export async function auditRemote(db: DbOrTx, entry: AuditInput) {
  await db.insert(remoteParamAudit).values({
    cmdId: entry.cmdId ?? null,
    action: entry.action,
    outcome: entry.outcome,
    userId: entry.userId,
    username: entry.username,
    plantId: entry.plantId,
    deviceId: entry.deviceId,
    deviceSn: entry.deviceSn,
    changes: entry.changes ?? [],
    deviceAnswer: entry.deviceAnswer?.slice(0, 4000) ?? null,
    reasonKey: entry.reasonKey ?? null,
    reasonParams: entry.reasonParams ?? null,
    ip: entry.ip?.slice(0, 64) ?? null,
  });
}

export function toCommand(r: typeof remoteCommands.$inferSelect): RemoteCommand {
  return {
    id: r.id,
    cmdId: r.cmdId,
    action: r.action,
    status: r.status,
    changes: r.changes,
    error: r.error,
    createdBy: r.username,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export type RemoteDeps = Pick<AppContext, 'db' | 'publishCommand'>;

/** Reading and writing the protection and power settings of an inverter in the caller's scope. */
export function createRemoteService(deps: RemoteDeps) {
  return { ...createRemoteReads(deps), ...createRemoteWrite(deps), ...createRemoteAudit(deps) };
}

/** The inverter in scope, its last snapshot, and a command of it still running. */
function createRemoteTargets(ctx: RemoteDeps) {
  const { db } = ctx;
  /** The inverter, if it is in the caller's scope (anything else answers 404, like a missing one). */
  async function target(caller: Caller, deviceId: number): Promise<Target> {
    const [row] = await db
      .select({
        id: devices.id,
        sn: devices.sn,
        kind: devices.kind,
        model: devices.model,
        manufacturer: devices.manufacturer,
        ratedPower: devices.ratedPower,
        status: devices.status,
        plantId: plants.id,
        plantName: plants.name,
        dongleSn: dongles.sn,
      })
      .from(devices)
      .innerJoin(dongles, eq(dongles.id, devices.dongleId))
      .innerJoin(plants, eq(plants.id, devices.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .where(and(eq(devices.id, deviceId), plantScope(caller)));
    if (!row) throw notFound();
    if (row.kind !== 'INVERTER') throw invalidField('deviceId', 'remote.notInverter', 422);
    return row;
  }

  async function snapshot(deviceId: number) {
    const [row] = await db
      .select()
      .from(remoteParamSnapshots)
      .where(eq(remoteParamSnapshots.deviceId, deviceId));
    return row ?? null;
  }

  async function inFlight(deviceId: number, action: RemoteAction) {
    const [row] = await db
      .select({ id: remoteCommands.id })
      .from(remoteCommands)
      .where(
        and(
          eq(remoteCommands.deviceId, deviceId),
          eq(remoteCommands.action, action),
          inArray(remoteCommands.status, [...OPEN_STATUSES]),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return { target, snapshot, inFlight };
}

/** A command sent and recorded, or refused and recorded. */
function createRemoteSend(ctx: RemoteDeps) {
  const { db } = ctx;
  async function send(
    caller: Caller,
    device: Target,
    action: RemoteAction,
    changes: ParamChange[],
    ip: string,
  ): Promise<RemoteCommand> {
    const cmdId = newCmdId();
    const expiresAt = new Date(Date.now() + (action === 'READ' ? READ_TTL_MS : WRITE_TTL_MS));
    const row = await db.transaction(async (tx) => {
      const [cmd] = await tx
        .insert(remoteCommands)
        .values({
          cmdId,
          deviceId: device.id,
          plantId: device.plantId,
          dongleSn: device.dongleSn,
          action,
          changes,
          userId: caller.userId,
          username: caller.username,
          ip: ip.slice(0, 64),
          expiresAt,
        })
        .returning();
      await auditRemote(tx, {
        cmdId,
        action,
        outcome: 'SENT',
        userId: caller.userId,
        username: caller.username,
        plantId: device.plantId,
        deviceId: device.id,
        deviceSn: device.sn,
        changes,
        ip,
      });
      return cmd!;
    });
    // Only after the commit: a result can never arrive for a command the database does not know yet.
    ctx.publishCommand(device.dongleSn, {
      cmdId,
      type: action === 'READ' ? 'params.read' : 'params.write',
      body:
        action === 'READ'
          ? { deviceSn: device.sn }
          : { deviceSn: device.sn, values: Object.fromEntries(changes.map((c) => [c.key, c.new])) },
      expiresAt: expiresAt.getTime(),
    });
    return toCommand(row);
  }

  /** Records a refused write and throws the error the caller sees. */
  async function refuse(
    caller: Caller,
    device: Target,
    ip: string,
    changes: ParamChange[],
    error: AppError,
  ): Promise<never> {
    const first = error.fields[0];
    await auditRemote(db, {
      action: 'WRITE',
      outcome: 'REFUSED',
      userId: caller.userId,
      username: caller.username,
      plantId: device.plantId,
      deviceId: device.id,
      deviceSn: device.sn,
      changes,
      reasonKey: first?.key ?? error.key,
      reasonParams: first ? { field: first.field, ...(first.params ?? {}) } : error.params,
      ip,
    });
    throw error;
  }

  return { send, refuse };
}

/** An inverter's remote state, and reading its parameters. */
function createRemoteReads(ctx: RemoteDeps) {
  const { db } = ctx;
  const { target, snapshot, inFlight } = createRemoteTargets(ctx);
  const { send } = createRemoteSend(ctx);
  return {
    async state(caller: Caller, deviceId: number): Promise<RemoteState> {
      const device = await target(caller, deviceId);
      const snap = await snapshot(device.id);
      const commands = await db
        .select()
        .from(remoteCommands)
        .where(eq(remoteCommands.deviceId, device.id))
        .orderBy(desc(remoteCommands.id))
        .limit(10);
      const { kind: _kind, ...info } = device;
      return {
        device: info,
        values: snap?.values ?? null,
        readAt: snap?.readAt.toISOString() ?? null,
        commands: commands.map(toCommand),
        canRead: caller.perms.has(PERM.remoteRead),
        canWrite: caller.perms.has(PERM.remoteWrite) && !caller.readOnly,
      };
    },

    async read(caller: Caller, deviceId: number, ip: string): Promise<RemoteCommand> {
      const device = await target(caller, deviceId);
      if (await inFlight(device.id, 'READ')) {
        // A read already under way answers for this one too.
        const [open] = await db
          .select()
          .from(remoteCommands)
          .where(
            and(
              eq(remoteCommands.deviceId, device.id),
              eq(remoteCommands.action, 'READ'),
              inArray(remoteCommands.status, [...OPEN_STATUSES]),
            ),
          )
          .orderBy(desc(remoteCommands.id))
          .limit(1);
        if (open) return toCommand(open);
      }
      return send(caller, device, 'READ', [], ip);
    },
  };
}

function createRemoteWrite(ctx: RemoteDeps) {
  const { db } = ctx;
  const { target, snapshot, inFlight } = createRemoteTargets(ctx);
  const { send, refuse } = createRemoteSend(ctx);
  return {
    /**
     * A write goes out only with the disclaimer ticked, the caller's password, values inside the
     * contract's ranges and stage order, and something actually changed. Every refusal is logged.
     */
    async write(caller: Caller, body: RemoteWriteBody, ip: string, lang: Lang): Promise<RemoteCommand> {
      const device = await target(caller, body.deviceId);
      const snap = await snapshot(device.id);
      const current: ParamValues = snap?.values ?? {};
      const attempted: ParamChange[] = Object.entries(body.values).map(([key, value]) => ({
        key,
        old: (current as Record<string, ParamChange['new']>)[key] ?? null,
        new: value,
      }));
      if (!body.disclaimerAccepted)
        return refuse(
          caller,
          device,
          ip,
          attempted,
          invalidField('disclaimerAccepted', 'remote.disclaimerRequired'),
        );
      try {
        await confirmPassword(db, caller, body.password, 'password', ip);
      } catch (err) {
        return refuse(caller, device, ip, attempted, err as AppError);
      }
      const problems = checkParamChanges(body.values, current);
      if (problems.length) {
        const label = (k: string) => translate(lang, `field.${k}`);
        return refuse(
          caller,
          device,
          ip,
          attempted,
          new AppError(
            422,
            'validation.correctValue',
            {},
            problems.map((p) => ({
              field: `values.${p.field}`,
              key: p.key,
              params: p.key === 'remote.order' ? { other: label(String(p.params.other)) } : p.params,
            })),
          ),
        );
      }
      if (!snap) return refuse(caller, device, ip, attempted, new AppError(409, 'remote.readFirst'));
      const changes = attempted.filter((c) => !sameParamValue(c.old, c.new));
      if (!changes.length)
        return refuse(caller, device, ip, attempted, invalidField('values', 'remote.nothingChanged', 422));
      const busy = () => refuse(caller, device, ip, changes, new AppError(409, 'remote.busy'));
      if (await inFlight(device.id, 'WRITE')) return busy();
      try {
        return await send(caller, device, 'WRITE', changes, ip);
      } catch (err) {
        // Another write passed the check at the same moment: the index lets one of them in.
        if (isOpenWriteClash(err)) return busy();
        throw err;
      }
    },
  };
}
