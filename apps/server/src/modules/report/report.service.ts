import type { Lang } from '@pvstar/contract/lang';
import type { AlarmReportBody, EnergyReportBody, FleetReportBody } from '@pvstar/contract/report';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/access.ts';
import { alarmReport } from './report-alarm.ts';
import { energyReport } from './report-energy.ts';
import { fleetReport } from './report-fleet.ts';
import { exportMeta, reportPlants } from './report-scope.ts';

export type { ReportPlant } from './report-scope.ts';

/**
 * Energy, fleet and alarm reports. Energy comes from the roll-ups only: plant_energy_monthly for whole
 * months, plant_energy_daily for the days around them; availability from the daylight intervals ingest
 * counted there; alarms from the alarm rows. Every query is limited to the caller's plants.
 * One file per report (report-energy.ts, report-fleet.ts, report-alarm.ts), what they share in report-scope.ts.
 */
export function createReportService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  return {
    reportPlants: (caller: Caller, plantIds: number[] | undefined, now: Date) =>
      reportPlants(db, caller, plantIds, now),

    /** What an export's head says: who asked, and which plants ("all of X" or the chosen names). */
    exportMeta: (caller: Caller, plantIds: number[] | undefined, plantCount: number, lang: Lang) =>
      exportMeta(db, caller, plantIds, plantCount, lang),

    energy: (caller: Caller, body: EnergyReportBody, now = new Date()) => energyReport(db, caller, body, now),

    fleet: (caller: Caller, body: FleetReportBody, now = new Date()) => fleetReport(db, caller, body, now),

    alarm: (caller: Caller, body: AlarmReportBody, lang: Lang, now = new Date()) =>
      alarmReport(db, caller, body, lang, now),
  };
}
export type ReportService = ReturnType<typeof createReportService>;
