import {
  ALARM_ACTIVE_UNACKNOWLEDGED,
  ALARM_EXPORT_MAX,
  ALARM_LEVEL_GROUPS,
  type AlarmAckBody,
  type AlarmActionResult,
  type AlarmBell,
  type AlarmCloseBody,
  type AlarmPageBody,
  type AlarmRow,
  type AlarmSort,
  type AlarmSummary,
  ackRefusal,
  canAcknowledge,
} from '@pvstar/contract/alarm';
import type { PageResult, SortedPageQuery } from '@pvstar/contract/api';
import { ALARM_LEVELS } from '@pvstar/contract/enum-values';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { type AnyColumn, and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseless, contains, pageOrder, pageWindow, rankOf } from '../../db/lists.ts';
import { alarms, faultCodes, organizations, plants, users } from '../../db/schema/index.ts';
import { addDays, localMidnightSql } from '../../domain/calendar.ts';
import { plantScope } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { buildAlarmWorkbook } from './alarm.xlsx.ts';
import { endAlarms } from './alarm-store.ts';

/** A fault code's message in the reader's language (English, else a "not in the library" text). */
export const faultName = (messages: Record<string, string> | null | undefined, lang: Lang, code: string) =>
  messages?.[lang] ?? messages?.['en-GB'] ?? translate(lang, 'alarm.unknownCode', { code });

/** The columns a row needs: the alarm, its plant, and its texts from the library. */
const columns = {
  alarm: alarms,
  stationName: plants.name,
  stationAdress: plants.address,
  timezone: plants.timezone,
  messages: faultCodes.messages,
  fixAdvice: faultCodes.fixAdvice,
};
type Joined = {
  alarm: typeof alarms.$inferSelect;
  stationName: string;
  stationAdress: string | null;
  timezone: string;
  messages: Record<string, string> | null;
  fixAdvice: Record<string, string> | null;
};

/** The sortable columns of an alarm list; levels by severity (general … serious), so descending is serious first. */
const SORT_SQL: Record<AlarmSort, AnyColumn | SQL> = {
  alarmStartTime: alarms.startedAt,
  endTime: alarms.endedAt,
  latestTime: alarms.latestAt,
  alarmLevel: rankOf(alarms.alarmLevel, [...ALARM_LEVELS].reverse()),
  alarmStatus: rankOf(alarms.status, ['ENDED', 'ONGOING']),
  stationName: caseless(plants.name),
  deviceSn: alarms.sourceSn,
};
/** Newest first. */
const DEFAULT_ORDER = [desc(alarms.startedAt), desc(alarms.id)];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAlarmRow(r: Joined, lang: Lang, now: Date): AlarmRow {
  const a = r.alarm;
  const action = (userId: number | null, name: string | null, at: Date | null, comment: string | null) =>
    at ? { userId, name: name ?? '', at: at.toISOString(), comment: comment ?? '' } : null;
  return {
    id: a.id,
    alarmLevel: a.alarmLevel,
    faultCode: a.faultCode,
    deviceType: a.deviceType,
    kind: a.kind,
    deviceSn: a.sourceSn,
    deviceId: a.deviceId,
    stationId: a.plantId,
    stationName: r.stationName,
    stationAdress: r.stationAdress,
    timezone: r.timezone,
    alarmStartTime: a.startedAt.toISOString(),
    latestTime: a.latestAt.toISOString(),
    alarmTime: a.recordedAt.toISOString(),
    endTime: iso(a.endedAt),
    durationSeconds: Math.max(0, Math.round(((a.endedAt ?? now).getTime() - a.startedAt.getTime()) / 1000)),
    alarmStatus: a.status,
    endReason: a.endReason,
    alarmMsg: faultName(r.messages, lang, a.faultCode),
    fixAdvice: r.fixAdvice?.[lang] ?? r.fixAdvice?.['en-GB'] ?? translate(lang, 'alarm.unknownAdvice'),
    acknowledged: action(a.ackBy, a.ackByName, a.ackAt, a.ackComment),
    closed: a.endReason === 'CLOSED' ? action(a.closedBy, a.closedByName, a.endedAt, a.closeComment) : null,
  };
}

/**
 * The local day `day` of each alarm's plant as a time bound. A coarse bound on the bare column comes
 * with it (time zones lie within ±14 h), so that the index on started_at still narrows the scan.
 */
const fromDay = (day: string) =>
  sql`(${alarms.startedAt} >= ${day}::date - interval '14 hours'
    AND ${alarms.startedAt} >= ${localMidnightSql(day, plants.timezone)})`;
const untilDay = (day: string) =>
  sql`(${alarms.startedAt} < ${day}::date + interval '38 hours'
    AND ${alarms.startedAt} < ${localMidnightSql(addDays(day, 1), plants.timezone)})`;

/** Every filter except status and level (the summary counts across those). */
function baseFilter(caller: Caller, f: AlarmPageBody): SQL {
  return and(
    plantScope(caller),
    f.acknowledged === undefined
      ? undefined
      : f.acknowledged
        ? isNotNull(alarms.ackAt)
        : isNull(alarms.ackAt),
    f.stationId ? eq(alarms.plantId, f.stationId) : undefined,
    contains(plants.name, f.stationName),
    f.deviceType ? eq(alarms.deviceType, f.deviceType) : undefined,
    contains(alarms.faultCode, f.faultCode),
    contains(alarms.sourceSn, f.sn),
    f.startDate ? fromDay(f.startDate) : undefined,
    f.endDate ? untilDay(f.endDate) : undefined,
  ) as SQL;
}

function fullFilter(caller: Caller, f: AlarmPageBody): SQL {
  return and(
    baseFilter(caller, f),
    f.levelGroup ? inArray(alarms.alarmLevel, ALARM_LEVEL_GROUPS[f.levelGroup]) : undefined,
    f.alarmLevel ? eq(alarms.alarmLevel, f.alarmLevel) : undefined,
    f.alarmStatus ? eq(alarms.status, f.alarmStatus) : undefined,
  ) as SQL;
}

const countOf = (db: Db, where: SQL) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(alarms)
    .innerJoin(plants, eq(plants.id, alarms.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(where);

/**
 * The bell's count: read every half minute by every open tab, so it reads only the partial index of
 * ongoing, unacknowledged alarms (alarms_open_idx), never the history.
 */
export const bellQuery = (db: Db, caller: Caller) =>
  countOf(db, fullFilter(caller, ALARM_ACTIVE_UNACKNOWLEDGED));

export type AlarmDeps = Pick<AppContext, 'db'>;

export function createAlarmService(deps: AlarmDeps) {
  return { ...createAlarmReads(deps), ...createAlarmActions(deps) };
}

/** The alarm rows as the pages show them, and their count. */
function createAlarmQueries(ctx: AlarmDeps) {
  const { db } = ctx;
  const select = () =>
    db
      .select(columns)
      .from(alarms)
      .innerJoin(plants, eq(plants.id, alarms.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .leftJoin(faultCodes, eq(faultCodes.faultCode, alarms.faultCode));

  const count = async (where: SQL) => {
    const [row] = await countOf(db, where);
    return row?.total ?? 0;
  };

  return { select, count };
}

/** The alarms the caller may act on, and the name an action is signed with. */
function createAlarmActionChecks(ctx: AlarmDeps) {
  const { db } = ctx;
  /** The ids the caller may touch; any id outside the scope (or unknown) is a 404 and nothing changes. */
  async function requireInScope(caller: Caller, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await db
      .select({ id: alarms.id })
      .from(alarms)
      .innerJoin(plants, eq(plants.id, alarms.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .where(and(inArray(alarms.id, unique), plantScope(caller)));
    if (found.length !== unique.length) throw notFound();
    return unique;
  }

  async function displayName(caller: Caller) {
    const [u] = await db
      .select({ nickname: users.nickname, name: users.name })
      .from(users)
      .where(eq(users.id, caller.userId));
    return (u?.name || u?.nickname || caller.username).slice(0, 64);
  }
  return { requireInScope, displayName };
}

/** The alarm center's list, summary, bell, detail and export. */
function createAlarmReads(ctx: AlarmDeps) {
  const { db } = ctx;
  const { select, count } = createAlarmQueries(ctx);
  return {
    async page(
      caller: Caller,
      q: SortedPageQuery<AlarmSort>,
      f: AlarmPageBody,
      lang: Lang,
    ): Promise<PageResult<AlarmRow>> {
      const where = fullFilter(caller, f);
      const { limit, offset } = pageWindow(q);
      const [total, rows] = await Promise.all([
        count(where),
        select()
          .where(where)
          .orderBy(...pageOrder(q, SORT_SQL, alarms.id, DEFAULT_ORDER))
          .limit(limit)
          .offset(offset),
      ]);
      const now = new Date();
      return { total, list: rows.map((r) => toAlarmRow(r, lang, now)) };
    },

    async summary(caller: Caller, f: AlarmPageBody): Promise<AlarmSummary> {
      const group = (g: keyof typeof ALARM_LEVEL_GROUPS) =>
        sql`count(*) FILTER (WHERE ${alarms.status} = 'ONGOING' AND ${inArray(alarms.alarmLevel, ALARM_LEVEL_GROUPS[g])})::int`;
      const [row] = await db
        .select({
          ERROR: group('ERROR'),
          WARN: group('WARN'),
          GENERAL: group('GENERAL'),
          unacknowledged: sql<number>`count(*) FILTER (WHERE ${alarms.status} = 'ONGOING' AND ${alarms.ackAt} IS NULL)::int`,
          ended: sql<number>`count(*) FILTER (WHERE ${alarms.status} = 'ENDED')::int`,
        })
        .from(alarms)
        .innerJoin(plants, eq(plants.id, alarms.plantId))
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(baseFilter(caller, f));
      return {
        ongoing: {
          ERROR: Number(row?.ERROR ?? 0),
          WARN: Number(row?.WARN ?? 0),
          GENERAL: Number(row?.GENERAL ?? 0),
        },
        unacknowledged: row?.unacknowledged ?? 0,
        ended: row?.ended ?? 0,
      };
    },

    async bell(caller: Caller): Promise<AlarmBell> {
      const [row] = await bellQuery(db, caller);
      return { count: row?.total ?? 0 };
    },

    async detail(caller: Caller, id: number, lang: Lang): Promise<AlarmRow> {
      const [row] = await select().where(and(eq(alarms.id, id), plantScope(caller)));
      if (!row) throw notFound();
      return toAlarmRow(row, lang, new Date());
    },

    async export(caller: Caller, f: AlarmPageBody, lang: Lang): Promise<Buffer> {
      const where = fullFilter(caller, f);
      if ((await count(where)) > ALARM_EXPORT_MAX)
        throw new AppError(422, 'alarm.exportTooLarge', { max: ALARM_EXPORT_MAX });
      const rows = await select()
        .where(where)
        .orderBy(...DEFAULT_ORDER);
      const now = new Date();
      return buildAlarmWorkbook(
        rows.map((r) => toAlarmRow(r, lang, now)),
        lang,
      );
    },
  };
}

/** Acknowledging and closing alarms. */
function createAlarmActions(ctx: AlarmDeps) {
  const { db } = ctx;
  const { requireInScope, displayName } = createAlarmActionChecks(ctx);
  return {
    /**
     * "Someone is on it": marks alarms not yet acknowledged, keeping who, when and the comment. An
     * acknowledged one is left as it is; an ended one refuses the whole request (contract's `ackRefusal`).
     */
    async acknowledge(caller: Caller, b: AlarmAckBody, ip: string): Promise<AlarmActionResult> {
      const ids = await requireInScope(caller, b.ids);
      const name = await displayName(caller);
      const changed = await db.transaction(async (tx) => {
        // Locked, so that an alarm cannot end between the check and the update.
        const held = await tx
          .select({ id: alarms.id, alarmStatus: alarms.status, acknowledged: alarms.ackAt })
          .from(alarms)
          .where(inArray(alarms.id, ids))
          .for('update');
        if (held.some((a) => ackRefusal(a) === 'ended')) throw new AppError(409, 'alarm.ackEnded');
        const open = held.filter(canAcknowledge).map((a) => a.id);
        if (!open.length) return [];
        return tx
          .update(alarms)
          .set({ ackBy: caller.userId, ackByName: name, ackAt: new Date(), ackComment: b.comment || null })
          .where(inArray(alarms.id, open))
          .returning({ id: alarms.id });
      });
      if (changed.length)
        await audit(db, caller, {
          action: 'alarm.acknowledge',
          targetType: 'alarm',
          targetId: changed
            .map((c) => c.id)
            .join(',')
            .slice(0, 64),
          detail: { ids: changed.map((c) => c.id), comment: b.comment || null },
          ip,
        });
      return { changed: changed.length };
    },

    /** Ends ongoing alarms by hand with a comment; the statuses they held up are re-derived. */
    async close(caller: Caller, b: AlarmCloseBody, ip: string): Promise<AlarmActionResult> {
      const ids = await requireInScope(caller, b.ids);
      const name = await displayName(caller);
      const closed = await db.transaction(async (tx) => {
        const ended = await endAlarms(tx, inArray(alarms.id, ids), sql`now()`, 'CLOSED');
        if (ended.length)
          await tx
            .update(alarms)
            .set({ closedBy: caller.userId, closedByName: name, closeComment: b.comment })
            .where(inArray(alarms.id, ended));
        return ended;
      });
      if (closed.length)
        await audit(db, caller, {
          action: 'alarm.close',
          targetType: 'alarm',
          targetId: closed.join(',').slice(0, 64),
          detail: { ids: closed, comment: b.comment },
          ip,
        });
      return { changed: closed.length };
    },
  };
}
export type AlarmService = ReturnType<typeof createAlarmService>;
