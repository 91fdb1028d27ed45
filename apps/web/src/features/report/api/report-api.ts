import { plant } from '@pvstar/contract/endpoints/plant';
import type {
  AlarmReport,
  AlarmReportBody,
  EnergyReport,
  EnergyReportBody,
  FleetReport,
  FleetReportBody,
} from '@pvstar/contract/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { post, saveBlob } from '../../../api/http.ts';
import type { ReportTab } from '../report-period.ts';

/** What each report is asked and answers, by tab. */
export interface ReportBodies {
  energy: EnergyReportBody;
  fleet: FleetReportBody;
  alarm: AlarmReportBody;
}

const url = (tab: ReportTab) => `/station/report/${tab}`;

/**
 * One report, read only while its tab is shown (`enabled`); a new period keeps the last report on
 * screen until the next one is in.
 */
function useReport<T>(tab: ReportTab, body: ReportBodies[ReportTab], enabled: boolean) {
  return useQuery({
    queryKey: ['report', tab, body],
    queryFn: ({ signal }) => post<T>(url(tab), body, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useEnergyReport = (body: EnergyReportBody, enabled: boolean) =>
  useReport<EnergyReport>('energy', body, enabled);
export const useFleetReport = (body: FleetReportBody, enabled: boolean) =>
  useReport<FleetReport>('fleet', body, enabled);
export const useAlarmReport = (body: AlarmReportBody, enabled: boolean) =>
  useReport<AlarmReport>('alarm', body, enabled);

/** Downloads a report as xlsx, asked with the same body as the report on screen. */
export async function exportReport(tab: ReportTab, body: ReportBodies[ReportTab], filename: string) {
  const blob = await post<Blob>(`${url(tab)}/export`, body, { blob: true });
  saveBlob(blob, filename);
}

/** Most plants one search offers; typing narrows them by name. */
const PLANT_OPTIONS = 100;

/** The plants to pick from, by part of the name: the plant list's own endpoint, in the caller's scope. */
export const usePlantOptions = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['report', 'plant-options', name],
    queryFn: ({ signal }) =>
      call(
        plant.page,
        { query: { pageNum: 1, pageSize: PLANT_OPTIONS }, body: { stationName: name || undefined } },
        { signal },
      ),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (page) => page.list,
  });
