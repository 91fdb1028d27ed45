import { download, endpoints, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  AlarmReport,
  AlarmReportBodySchema,
  EnergyReport,
  EnergyReportBodySchema,
  FleetReport,
  FleetReportBodySchema,
} from '../report.ts';

/** Read-only, so every account with the report page may export. */
const access = { perm: PERM.report };
/** The fleet report sums the caller's organisations: refused to a token limited to some plants. */
const fleetAccess = { perm: PERM.report, wholeScope: true };

/** Reports (`/report`, code 2008): each as JSON for the screen and, as `…Export`, an xlsx workbook. */
export const report = endpoints('report', {
  energy: post<{ body: In<typeof EnergyReportBodySchema> }, EnergyReport>('/station/report/energy', access),
  energyExport: download<{ body: In<typeof EnergyReportBodySchema> }>(
    'POST',
    '/station/report/energy/export',
    access,
  ),
  fleet: post<{ body: In<typeof FleetReportBodySchema> }, FleetReport>('/station/report/fleet', fleetAccess),
  fleetExport: download<{ body: In<typeof FleetReportBodySchema> }>(
    'POST',
    '/station/report/fleet/export',
    fleetAccess,
  ),
  alarm: post<{ body: In<typeof AlarmReportBodySchema> }, AlarmReport>('/station/report/alarm', access),
  alarmExport: download<{ body: In<typeof AlarmReportBodySchema> }>(
    'POST',
    '/station/report/alarm/export',
    access,
  ),
});
