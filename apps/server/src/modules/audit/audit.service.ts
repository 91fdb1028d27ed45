import type { PageQuery } from '@pvstar/contract/api';
import type { AuditActionOption, AuditPageBody, AuditRow } from '@pvstar/contract/audit';
import { AUDIT_ACTIONS } from '@pvstar/contract/enum-values';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { auditLog, organizations } from '../../db/schema/index.ts';
import { addDays, localMidnightSql } from '../../domain/calendar.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';

/** An export holds at most this many entries (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/**
 * The audit log, read only: who did what, when, from where. An entry is visible to callers whose data
 * scope covers the organisation of the one who acted; entries without an actor's organisation (failed
 * sign-ins of unknown names) only to the provider's ALL scope.
 */
export function createAuditService({ db }: Pick<AppContext, 'db'>) {
  function filter(caller: Caller, f: AuditPageBody): SQL {
    return and(
      scopePredicate(caller, {
        orgPath: organizations.path,
        orgId: auditLog.orgId,
        ownerId: auditLog.userId,
      }),
      f.action ? eq(auditLog.action, f.action) : undefined,
      contains(auditLog.username, f.username),
      f.startDate ? sql`${auditLog.at} >= ${localMidnightSql(f.startDate, sql`'UTC'`)}` : undefined,
      f.endDate ? sql`${auditLog.at} < ${localMidnightSql(addDays(f.endDate, 1), sql`'UTC'`)}` : undefined,
    ) as SQL;
  }

  async function rows(where: SQL, window: { limit: number; offset: number }) {
    return db
      .select({ entry: auditLog, orgName: organizations.name })
      .from(auditLog)
      .leftJoin(organizations, eq(organizations.id, auditLog.orgId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset);
  }

  return {
    async page(caller: Caller, q: PageQuery, f: AuditPageBody, lang: Lang) {
      const where = filter(caller, f);
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLog)
        .leftJoin(organizations, eq(organizations.id, auditLog.orgId))
        .where(where)) as [{ total: number }];
      const list = await rows(where, pageWindow(q));
      return { total, list: list.map((r) => toRow(r, lang)) };
    },

    async export(caller: Caller, f: AuditPageBody, lang: Lang) {
      const list = await rows(filter(caller, f), { limit: AUDIT_EXPORT_MAX_ROWS, offset: 0 });
      return list.map((r) => toRow(r, lang));
    },

    actions: (lang: Lang): AuditActionOption[] =>
      AUDIT_ACTIONS.map((value) => ({ value, label: translate(lang, `audit.action.${value}`) })),
  };
}

function toRow(r: { entry: typeof auditLog.$inferSelect; orgName: string | null }, lang: Lang): AuditRow {
  const e = r.entry;
  const target = e.targetType ? translate(lang, `audit.target.${e.targetType}`) : null;
  return {
    id: e.id,
    at: e.at.toISOString(),
    username: e.username,
    orgName: r.orgName,
    action: e.action,
    actionText: translate(lang, `audit.action.${e.action}`),
    targetType: e.targetType,
    targetText: target && e.targetId ? `${target} #${e.targetId}` : target,
    detail: (e.detail as Record<string, unknown> | null) ?? null,
    ip: e.ip,
  };
}
