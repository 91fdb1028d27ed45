import type { IdBodySchema, PageQuerySchema, PageResult } from '../api.ts';
import { download, endpoints, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  AlarmReport,
  AlarmReportBodySchema,
  EnergyReport,
  EnergyReportBodySchema,
  FleetReport,
  FleetReportBodySchema,
  ReportSubscriptionAddBodySchema,
  ReportSubscriptionEditBodySchema,
  ReportSubscriptionRow,
  UnsubscribeParamsSchema,
} from '../report.ts';

/** Read-only, so every account with the report page may export. */
const access = { perm: PERM.report, token: 'read' } as const;
/** A user's own report subscriptions: the report page's code; read-only accounts may not change them, nor a token limited to some plants (a subscription covers the whole scope). */
const subscribe = { perm: PERM.report, write: true, wholeScope: true } as const;
type Unsubscribe = { params: In<typeof UnsubscribeParamsSchema> };
/** The fleet report sums the caller's organisations: refused to a token limited to some plants. */
const fleetAccess = { perm: PERM.report, wholeScope: true, token: 'read' } as const;

/** Reports (`/report`, code 2008): each as JSON for the screen and, as `…Export`, an xlsx workbook. */
export const report = endpoints('report', {
  energy: post<{ body: In<typeof EnergyReportBodySchema> }, EnergyReport>(
    '/station/report/energy',
    access,
    'Get the energy report',
  ),
  energyExport: download<{ body: In<typeof EnergyReportBodySchema> }>(
    'POST',
    '/station/report/energy/export',
    access,
    'Export the energy report (xlsx)',
  ),
  fleet: post<{ body: In<typeof FleetReportBodySchema> }, FleetReport>(
    '/station/report/fleet',
    fleetAccess,
    'Get the fleet report',
  ),
  fleetExport: download<{ body: In<typeof FleetReportBodySchema> }>(
    'POST',
    '/station/report/fleet/export',
    fleetAccess,
    'Export the fleet report (xlsx)',
  ),
  alarm: post<{ body: In<typeof AlarmReportBodySchema> }, AlarmReport>(
    '/station/report/alarm',
    access,
    'Get the alarm report',
  ),
  alarmExport: download<{ body: In<typeof AlarmReportBodySchema> }>(
    'POST',
    '/station/report/alarm/export',
    access,
    'Export the alarm report (xlsx)',
  ),
  /** The caller's own scheduled reports by mail (docs/reports.md). */
  subscriptionPage: post<{ query: In<typeof PageQuerySchema> }, PageResult<ReportSubscriptionRow>>(
    '/station/report/subscription/page',
    { perm: PERM.report },
    'List my report subscriptions',
  ),
  subscriptionAdd: post<{ body: In<typeof ReportSubscriptionAddBodySchema> }, ReportSubscriptionRow>(
    '/station/report/subscription/add',
    subscribe,
    'Add a report subscription',
  ),
  subscriptionEdit: post<{ body: In<typeof ReportSubscriptionEditBodySchema> }, ReportSubscriptionRow>(
    '/station/report/subscription/edit',
    subscribe,
    'Edit a report subscription',
  ),
  subscriptionDelete: post<{ body: In<typeof IdBodySchema> }>(
    '/station/report/subscription/delete',
    subscribe,
    'Delete a report subscription',
  ),
  /**
   * The mail's unsubscribe link, without sign-in: GET shows a page in the user's language with a button,
   * POST (that button, or a mail client's one-click unsubscribe) ends the subscription; both are HTML
   * pages and idempotent (a link whose subscription is gone says so).
   */
  unsubscribePage: download<Unsubscribe>(
    'GET',
    '/station/report/subscription/unsubscribe/:token',
    {
      public: true,
    },
    "Open a report's unsubscribe page",
  ),
  unsubscribe: download<Unsubscribe>(
    'POST',
    '/station/report/subscription/unsubscribe/:token',
    {
      public: true,
    },
    'Unsubscribe from a report',
  ),
});
