import type { OrgType } from '@pvstar/contract/enums';
import { resolveLang } from '@pvstar/contract/lang';
import { PERM } from '@pvstar/contract/perm';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { reportDeliveries } from '../../db/schema/index.ts';
import { localDay, localDaySql } from '../../domain/calendar.ts';
import type { Caller } from '../../http/access.ts';
import { XLSX_TYPE } from '../../http/download.ts';
import { queueMessage } from '../../lib/mailer.ts';
import { loadGrants } from '../auth/session.ts';
import { buildEnergyWorkbook } from './report.xlsx.ts';
import { energyReport } from './report-energy.ts';
import { composeReportMail } from './report-mail.ts';
import { duePeriods, type ReportPeriod } from './report-periods.ts';
import { exportMeta, type ReportPlant, reportPlants } from './report-scope.ts';

/**
 * The jobs role's scheduled reports (docs/reports.md, decision 022). Each run looks at every
 * subscription of an active user with an e-mail address and the report page's code: its plants are
 * resolved in the user's data scope as it is now (a plant the user lost is left out), the plants' local
 * "today" (the earliest of their time zones) says which periods have ended, and each due period not yet
 * delivered gets the energy report as a workbook and a mail through the outbox. The delivery row
 * (subscription, period) is inserted in the transaction that queues the mail, so whichever jobs process
 * gets there first sends it, exactly once, and a restart sends what is missing.
 */

/** The calendar of a subscription without plants (the default plant time zone). */
const DEFAULT_TZ = 'Europe/Berlin';

export interface ScheduleOptions {
  title: string;
  /** The address the mail's links point to (PUBLIC_URL). */
  appUrl: string;
  now?: Date;
}

type SubscriptionRow = {
  id: number;
  monthly: boolean;
  weekly: boolean;
  plant_ids: number[] | string | null;
  unsubscribe_token: string;
  since: string;
  user_id: number;
  username: string;
  email: string;
  lang: string | null;
  org_id: number;
  org_path: string;
  org_type: OrgType;
};

/** A subscriber as the report rules see a caller: their roles' codes and widest scope, as of now. */
async function callerOf(db: Db, s: SubscriptionRow): Promise<Caller> {
  const { perms, dataScope } = await loadGrants(db, s.user_id);
  return {
    userId: s.user_id,
    username: s.username,
    orgId: s.org_id,
    orgPath: s.org_path,
    orgType: s.org_type,
    perms,
    dataScope,
    readOnly: true,
    sessionId: 0,
  };
}

export const unsubscribeUrl = (appUrl: string, token: string) =>
  `${appUrl}/station/report/subscription/unsubscribe/${token}`;

/** Sends what is due now; returns how many mails it queued and how many periods had nothing to send. */
export async function sendScheduledReports(
  db: Db,
  opts: ScheduleOptions,
): Promise<{ queued: number; empty: number }> {
  const now = opts.now ?? new Date();
  const subs = await sqlRows<SubscriptionRow>(
    db,
    sql`
    SELECT s.id, s.monthly, s.weekly, s.plant_ids, s.unsubscribe_token,
      to_char(${localDaySql(sql`s.created_at`, sql`'UTC'`)}, 'YYYY-MM-DD') AS since,
      u.id AS user_id, u.username, u.email, u.lang, o.id AS org_id, o.path AS org_path, o.type AS org_type
    FROM report_subscriptions s
    JOIN users u ON u.id = s.user_id AND u.status = 'NORMAL' AND u.email IS NOT NULL
    JOIN organizations o ON o.id = u.org_id AND o.status = 'NORMAL'
    ORDER BY s.id`,
  );
  let queued = 0;
  let empty = 0;
  for (const sub of subs) {
    const caller = await callerOf(db, sub);
    if (!caller.perms.has(PERM.report)) continue;
    const chosen: number[] | null =
      typeof sub.plant_ids === 'string' ? JSON.parse(sub.plant_ids) : sub.plant_ids;
    // The scope as it is now: chosen plants the user can no longer see drop out.
    const inScope = await reportPlants(db, caller, undefined, now);
    const plants = chosen ? inScope.filter((p) => chosen.includes(p.id)) : inScope;
    const today = plants.length
      ? plants.reduce((min, p) => (p.today < min ? p.today : min), plants[0]!.today)
      : localDay(now.getTime(), DEFAULT_TZ);
    const due = duePeriods(sub, today, sub.since);
    if (!due.length) continue;
    const done = new Set(
      (
        await sqlRows<{ period: string }>(
          db,
          sql`SELECT period FROM report_deliveries WHERE subscription_id = ${sub.id}`,
        )
      ).map((r) => r.period),
    );
    for (const period of due) {
      if (done.has(period.label)) continue;
      const sent = await deliver(db, opts, sub, caller, plants, chosen !== null, period, now);
      if (sent === 'queued') queued++;
      if (sent === 'empty') empty++;
    }
  }
  return { queued, empty };
}

async function deliver(
  db: Db,
  opts: ScheduleOptions,
  sub: SubscriptionRow,
  caller: Caller,
  plants: ReportPlant[],
  chosen: boolean,
  period: ReportPeriod,
  now: Date,
): Promise<'queued' | 'empty' | 'taken'> {
  const record = { subscriptionId: sub.id, period: period.label, frequency: period.frequency };
  if (!plants.length) {
    // Nothing in scope: the period is settled without a mail.
    const [row] = await db
      .insert(reportDeliveries)
      .values({ ...record, plantCount: 0 })
      .onConflictDoNothing()
      .returning({ period: reportDeliveries.period });
    return row ? 'empty' : 'taken';
  }
  const lang = resolveLang(sub.lang);
  const plantIds = chosen ? plants.map((p) => p.id) : undefined;
  // The energy report and its workbook exactly as the report page's export builds them.
  const report = await energyReport(
    db,
    caller,
    { dateType: 'date', from: period.first, to: period.last, plantIds },
    now,
  );
  const meta = await exportMeta(db, caller, plantIds, report.plantCount, lang);
  const workbook = await buildEnergyWorkbook(report, meta);
  const mail = composeReportMail({
    report,
    period,
    lang,
    title: opts.title,
    appUrl: opts.appUrl,
    unsubscribeUrl: unsubscribeUrl(opts.appUrl, sub.unsubscribe_token),
  });
  return db.transaction(async (tx) => {
    // The key first: a second process waits here for the first one's commit, then finds the row.
    const [row] = await tx
      .insert(reportDeliveries)
      .values({ ...record, plantCount: plants.length })
      .onConflictDoNothing()
      .returning({ period: reportDeliveries.period });
    if (!row) return 'taken';
    const outboxId = await queueMessage(tx, {
      channel: 'EMAIL',
      recipient: sub.email,
      ...mail,
      attachments: [
        {
          filename: `energy-report-${report.from}-${report.to}.xlsx`,
          contentType: XLSX_TYPE,
          content: workbook,
        },
      ],
    });
    await tx.execute(
      sql`UPDATE report_deliveries SET outbox_id = ${outboxId}
        WHERE subscription_id = ${sub.id} AND period = ${period.label}`,
    );
    return 'queued';
  });
}

/**
 * Runs the scheduled reports every `everyMs` (hourly: the fleet's time zones end their days at different
 * hours) and once at start, so a server that was down on the 1st catches up. Runs never overlap.
 */
export function startReportSchedule(
  db: Db,
  log: Logger,
  opts: Omit<ScheduleOptions, 'now'> & { everyMs?: number },
) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      try {
        const done = await sendScheduledReports(db, opts);
        log[done.queued ? 'info' : 'debug'](done, 'scheduled reports');
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'scheduled reports failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? 3_600_000);
  void run();
  return { run, stop: () => clearInterval(timer) };
}
