import type { AuditAction, AuditTargetType } from '@pvstar/contract/audit';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who did it: a signed-in caller, or the account a sign-in names. */
export interface Actor {
  userId: number;
  username: string;
  orgId: number;
}

export interface AuditEntry {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Appends to the audit log (sign-ins, permission changes, contact reveals, device settings). */
export async function audit(db: DbOrTx, who: Actor | null, entry: AuditEntry) {
  await db.insert(auditLog).values({
    userId: who?.userId ?? null,
    // Cut to the columns' lengths: what a caller typed (a sign-in name) must never fail the insert.
    username: who?.username?.slice(0, 30) ?? null,
    orgId: who?.orgId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId).slice(0, 64),
    detail: entry.detail ?? null,
    ip: entry.ip?.slice(0, 64) ?? null,
  });
}
