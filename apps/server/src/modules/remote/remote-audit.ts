import type { PageQuery } from '@pvstar/contract/api';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import {
  PARAM_DEFS,
  type ParamChange,
  type ParamKey,
  type RemoteAction,
  type RemoteAuditOutcome,
  type RemoteAuditPageBody,
  type RemoteAuditRow,
} from '@pvstar/contract/remote';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { sqlRows } from '../../db/rows.ts';
import { plants, remoteParamAudit } from '../../db/schema/index.ts';
import { addDays, localMidnightSql } from '../../domain/calendar.ts';
import { plantScope } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';

/** The log is read only: the database is all it needs. */
type RemoteAuditDeps = Pick<AppContext, 'db'>;

/** Exports stop here: a device's log is short, a plant's a few thousand rows a year. */
const EXPORT_MAX_ROWS = 50_000;

/** An attempt of the log as read: its first entry (who, what, from where), its last (what came of it). */
interface AttemptRow {
  id: number;
  at: string;
  cmd_id: string | null;
  action: RemoteAction;
  outcome: RemoteAuditOutcome;
  username: string;
  plant_id: number;
  plant_name: string;
  timezone: string;
  device_id: number | null;
  device_sn: string;
  changes: ParamChange[];
  device_answer: string | null;
  reason_key: string | null;
  reason_params: Record<string, string | number> | null;
  ip: string | null;
  steps: { outcome: RemoteAuditOutcome; at: string }[];
}

/**
 * The log folded into attempts: a command's entries (sent, accepted, confirmed…) are one attempt, a
 * refusal is one of its own. `entries` limits the entries (scope, device, plant, action, serial),
 * `attempts` the attempts (the state reached last, the day it was made, on the plant's clock).
 */
function attemptsSql(entries: SQL, attempts: SQL) {
  return sql`
    WITH entry AS (
      SELECT remote_param_audit.id, remote_param_audit.at, remote_param_audit.outcome,
        coalesce(remote_param_audit.cmd_id, remote_param_audit.id::text) AS attempt
      FROM remote_param_audit
      JOIN plants ON plants.id = remote_param_audit.plant_id
      JOIN organizations ON organizations.id = plants.org_id
      WHERE ${entries}
    ), attempt AS (
      SELECT min(id) AS first_id, max(id) AS last_id, min(at) AS started,
        jsonb_agg(jsonb_build_object('outcome', outcome, 'at', at) ORDER BY at, id) AS steps
      FROM entry GROUP BY attempt
    )
    SELECT f.id, f.at, f.cmd_id, f.action, l.outcome, f.username, f.plant_id, plants.name AS plant_name,
      plants.timezone, f.device_id, f.device_sn, f.changes, l.device_answer, l.reason_key, l.reason_params,
      f.ip, attempt.steps
    FROM attempt
    JOIN remote_param_audit f ON f.id = attempt.first_id
    JOIN remote_param_audit l ON l.id = attempt.last_id
    JOIN plants ON plants.id = f.plant_id
    WHERE ${attempts}`;
}

function createRemoteAuditRows(ctx: RemoteAuditDeps) {
  const { db } = ctx;
  async function auditRows(
    caller: Caller,
    f: RemoteAuditPageBody,
    window: { limit: number; offset: number },
  ) {
    return sqlRows<AttemptRow>(
      db,
      sql`${attemptsSql(entryFilter(caller, f), attemptFilter(f))}
        ORDER BY f.at DESC, f.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
    );
  }
  async function auditCount(caller: Caller, f: RemoteAuditPageBody) {
    const [row] = await sqlRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM (${attemptsSql(entryFilter(caller, f), attemptFilter(f))}) a`,
    );
    return row?.total ?? 0;
  }
  return { auditRows, auditCount };
}

/** The remote-control audit: a page and its export, one row per attempt. */
export function createRemoteAudit(ctx: RemoteAuditDeps) {
  const { auditRows, auditCount } = createRemoteAuditRows(ctx);
  return {
    async auditPage(caller: Caller, q: PageQuery, f: RemoteAuditPageBody, lang: Lang) {
      const total = await auditCount(caller, f);
      const rows = await auditRows(caller, f, pageWindow(q));
      return { total, list: rows.map((r) => toAuditRow(r, lang)) };
    },

    async auditExport(caller: Caller, f: RemoteAuditPageBody, lang: Lang) {
      const rows = await auditRows(caller, f, { limit: EXPORT_MAX_ROWS, offset: 0 });
      return rows.map((r) => ({ ...toAuditRow(r, lang), timezone: r.timezone }));
    },
  };
}

/** What every entry of an attempt shares: the caller's scope, the device or plant, the action, the serial. */
function entryFilter(caller: Caller, f: RemoteAuditPageBody): SQL {
  return and(
    plantScope(caller),
    f.deviceId ? eq(remoteParamAudit.deviceId, f.deviceId) : undefined,
    f.plantId ? eq(remoteParamAudit.plantId, f.plantId) : undefined,
    f.action ? eq(remoteParamAudit.action, f.action) : undefined,
    contains(remoteParamAudit.deviceSn, f.deviceSn),
  ) as SQL;
}

/** What an attempt is found by: the state it reached last, and the day it was made. */
function attemptFilter(f: RemoteAuditPageBody): SQL {
  return and(
    sql`TRUE`,
    f.outcome ? sql`l.outcome = ${f.outcome}` : undefined,
    f.startDate ? sql`f.at >= ${localMidnightSql(f.startDate, plants.timezone)}` : undefined,
    f.endDate ? sql`f.at < ${localMidnightSql(addDays(f.endDate, 1), plants.timezone)}` : undefined,
  ) as SQL;
}

function toAuditRow(a: AttemptRow, lang: Lang): RemoteAuditRow {
  const params = { ...(a.reason_params ?? {}) };
  // "values.overVoltage1" → the parameter's name in the reader's language, which the reason is prefixed
  // with; another field (the password, the disclaimer) is named by the reason itself.
  const key = typeof params.field === 'string' ? params.field.split('.').pop()! : null;
  const param = key !== null && key in PARAM_DEFS ? translate(lang, `field.${key as ParamKey}`) : null;
  if (key !== null) params.field = param ?? key;
  const reason = a.reason_key ? translate(lang, a.reason_key, params) : null;
  const iso = (at: string) => new Date(at).toISOString();
  return {
    id: a.id,
    at: iso(a.at),
    cmdId: a.cmd_id,
    action: a.action,
    outcome: a.outcome,
    steps: a.steps.map((s) => ({ outcome: s.outcome, at: iso(s.at) })),
    username: a.username,
    plantId: a.plant_id,
    plantName: a.plant_name,
    deviceId: a.device_id,
    deviceSn: a.device_sn,
    changes: a.changes,
    deviceAnswer: a.device_answer,
    reason: reason && param && a.reason_key !== 'remote.order' ? `${param}: ${reason}` : reason,
    ip: a.ip,
  };
}
