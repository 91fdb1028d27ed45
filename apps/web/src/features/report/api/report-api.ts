import { report } from '@pvstar/contract/endpoints/report';
import type { AlarmReportBody, EnergyReportBody, FleetReportBody } from '@pvstar/contract/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';
import { saveBlob } from '../../../api/http.ts';
import type { ReportTab } from '../report-period.ts';

/** What each report is asked and answers, by tab. */
export interface ReportBodies {
  energy: EnergyReportBody;
  fleet: FleetReportBody;
  alarm: AlarmReportBody;
}

/**
 * Each report is read only while its tab is shown (`enabled`); a new period keeps the last report on
 * screen until the next one is in.
 */
export const useEnergyReport = (body: EnergyReportBody, enabled: boolean) =>
  useQuery({
    queryKey: queryKey(report.energy, body),
    queryFn: ({ signal }) => call(report.energy, { body }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
export const useFleetReport = (body: FleetReportBody, enabled: boolean) =>
  useQuery({
    queryKey: queryKey(report.fleet, body),
    queryFn: ({ signal }) => call(report.fleet, { body }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
export const useAlarmReport = (body: AlarmReportBody, enabled: boolean) =>
  useQuery({
    queryKey: queryKey(report.alarm, body),
    queryFn: ({ signal }) => call(report.alarm, { body }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Downloads the tab's report as xlsx, asked with the same body as the report on screen. */
export async function exportReport(tab: ReportTab, bodies: ReportBodies, filename: string) {
  const blob = await (tab === 'energy'
    ? call(report.energyExport, { body: bodies.energy })
    : tab === 'fleet'
      ? call(report.fleetExport, { body: bodies.fleet })
      : call(report.alarmExport, { body: bodies.alarm }));
  saveBlob(blob, filename);
}
