import { ALARM_DIGEST_MINUTES } from '@pvstar/contract/alarm';
import { type Lang, resolveLang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { PERM } from '@pvstar/contract/perm';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { rowScopeSql } from '../../domain/scope.ts';
import { queueMessage } from '../../lib/mailer.ts';

/** A first alarm waits this long, so that what comes right after it goes into the same mail. */
export const GATHER_SECONDS = 30;
/** At most this many alarms are listed in one digest; the rest are counted. */
const DIGEST_LINES = 30;

/**
 * Queues the alarm mail of newly opened alarms, one row per recipient: every active user with a bound
 * e-mail who chose the alarm's level, holds the alert center's code and whose data scope reaches the
 * plant (the same rules as the API's plant scope). Runs in the transaction that opens the alarms.
 */
export async function queueAlarmMail(tx: Tx, alarmIds: number[]) {
  if (!alarmIds.length) return;
  await tx.execute(sql`
    INSERT INTO alarm_notifications (user_id, alarm_id)
    SELECT u.id, a.id
    FROM alarms a
    JOIN plants p ON p.id = a.plant_id
    JOIN organizations po ON po.id = p.org_id
    JOIN users u ON u.alarm_notify_levels ? a.alarm_level AND u.status = 'NORMAL' AND u.email IS NOT NULL
    JOIN organizations uo ON uo.id = u.org_id AND uo.status = 'NORMAL'
    WHERE a.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(alarmIds)}::jsonb)::int)
      AND EXISTS (SELECT 1 FROM user_roles ur
        JOIN roles r ON r.id = ur.role_id AND r.status = 'ENABLED'
        JOIN role_menus rm ON rm.role_id = r.id
        JOIN menus m ON m.id = rm.menu_id AND m.perm_code = ${PERM.faultAlarm}
        WHERE ur.user_id = u.id)
      AND EXISTS (SELECT 1 FROM user_roles ur
        JOIN roles r ON r.id = ur.role_id AND r.status = 'ENABLED'
        WHERE ur.user_id = u.id AND ${rowScopeSql(
          sql`r.data_scope`,
          { orgPath: sql`po.path`, orgId: sql`p.org_id`, ownerId: sql`p.owner_user_id` },
          { orgPath: sql`uo.path`, orgId: sql`u.org_id`, userId: sql`u.id` },
        )})
    ON CONFLICT DO NOTHING`);
}

type PendingRow = {
  id: number;
  email: string;
  lang: string | null;
  fault_code: string;
  alarm_level: string;
  source_sn: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  station_name: string;
  timezone: string;
  messages: Record<string, string> | null;
  fix_advice: Record<string, string> | null;
};

const when = (at: Date | string, lang: Lang, timeZone: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));

function compose(rows: PendingRow[], lang: Lang, title: string): { subject: string; body: string } {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `alarm.${key}`, params);
  const message = (r: PendingRow) =>
    r.messages?.[lang] ?? r.messages?.['en-GB'] ?? t('unknownCode', { code: r.fault_code });
  const status = (r: PendingRow) =>
    r.ended_at ? t('mail.endedAt', { time: when(r.ended_at, lang, r.timezone) }) : t('status.ONGOING');
  const footer = `\n--\n${t('mail.footer', { title })}\n`;
  if (rows.length === 1) {
    const r = rows[0]!;
    const lines = [
      t('mail.intro'),
      '',
      `${t('mail.level')}: ${t(`level.${r.alarm_level}`)}`,
      `${t('mail.plant')}: ${r.station_name}`,
      `${t('mail.device')}: ${r.source_sn}`,
      `${t('mail.code')}: ${r.fault_code} — ${message(r)}`,
      `${t('mail.started')}: ${when(r.started_at, lang, r.timezone)}`,
      `${t('mail.status')}: ${status(r)}`,
      '',
      `${t('mail.advice')}:`,
      r.fix_advice?.[lang] ?? r.fix_advice?.['en-GB'] ?? t('unknownAdvice'),
    ];
    return {
      // The same shape in every language: "[PVSTAR] Error: Grid over-voltage — Haus Sonnenschein".
      subject: `[${title}] ${t(`level.${r.alarm_level}`)}: ${message(r)} — ${r.station_name}`.slice(0, 255),
      body: lines.join('\n') + footer,
    };
  }
  const listed = rows
    .slice(0, DIGEST_LINES)
    .map(
      (r) =>
        `- [${t(`level.${r.alarm_level}`)}] ${r.station_name} · ${r.source_sn} · ${r.fault_code} ${message(r)} · ${when(r.started_at, lang, r.timezone)} (${status(r)})`,
    );
  if (rows.length > DIGEST_LINES) listed.push(t('mail.more', { count: rows.length - DIGEST_LINES }));
  return {
    subject: t('mail.digestSubject', { title, count: rows.length }).slice(0, 255),
    body: [t('mail.digestIntro', { count: rows.length }), '', ...listed].join('\n') + footer,
  };
}

/**
 * Sends what is due: per user, once the first waiting alarm is GATHER_SECONDS old and the last mail to
 * them is at least ALARM_DIGEST_MINUTES old, everything waiting goes into one mail (one alarm: the
 * alarm with its fix advice; more: a digest), in the user's language, through the outbox. Rows are
 * claimed with SKIP LOCKED, so several job workers never send one twice. Returns the mails queued.
 */
export async function sendAlarmMail(db: Db, opts: { title: string; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = await sqlRows<{ user_id: number }>(
    db,
    sql`
    SELECT n.user_id FROM alarm_notifications n
    WHERE n.sent_at IS NULL
    GROUP BY n.user_id
    HAVING min(n.created_at) <= ${at} - make_interval(secs => ${GATHER_SECONDS})
      AND coalesce((SELECT max(s.sent_at) FROM alarm_notifications s WHERE s.user_id = n.user_id),
        '-infinity') <= ${at} - make_interval(mins => ${ALARM_DIGEST_MINUTES})`,
  );
  let sent = 0;
  for (const { user_id: userId } of due) {
    sent += await db.transaction(async (tx) => {
      const claimed = await sqlRows<{ id: number }>(
        tx,
        sql`
        SELECT n.id FROM alarm_notifications n
        WHERE n.user_id = ${userId} AND n.sent_at IS NULL
        ORDER BY n.id FOR UPDATE SKIP LOCKED`,
      );
      const ids = claimed.map((r) => r.id);
      if (!ids.length) return 0;
      const idList = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;
      const rows = await sqlRows<PendingRow>(
        tx,
        sql`
          SELECT n.id, u.email, u.lang, a.fault_code, a.alarm_level, a.source_sn, a.started_at, a.ended_at,
            p.name AS station_name, p.timezone, f.messages, f.fix_advice
          FROM alarm_notifications n
          JOIN users u ON u.id = n.user_id
          JOIN alarms a ON a.id = n.alarm_id
          JOIN plants p ON p.id = a.plant_id
          LEFT JOIN fault_codes f ON f.fault_code = a.fault_code
          WHERE n.id IN ${idList}
          ORDER BY a.started_at, a.id`,
      );
      await tx.execute(sql`UPDATE alarm_notifications SET sent_at = ${at} WHERE id IN ${idList}`);
      const first = rows[0];
      if (!first?.email) return 0;
      const lang = resolveLang(first.lang);
      await queueMessage(tx, {
        channel: 'EMAIL',
        recipient: first.email,
        ...compose(rows, lang, opts.title),
      });
      return 1;
    });
  }
  return sent;
}

/** Runs sendAlarmMail every `everyMs` (the jobs role). */
export function startAlarmMailer(db: Db, log: Logger, title: string, everyMs = 10_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendAlarmMail(db, { title })
      .catch((err) => log.warn({ err: (err as Error).message }, 'alarm mail failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return { stop: () => clearInterval(timer) };
}
