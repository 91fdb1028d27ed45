import type {
  AlarmAckBodySchema,
  AlarmActionResult,
  AlarmBell,
  AlarmCloseBodySchema,
  AlarmNotify,
  AlarmNotifySchema,
  AlarmPageBodySchema,
  AlarmPageQuerySchema,
  AlarmRow,
  AlarmSummary,
} from '../alarm.ts';
import type { IdBodySchema, PageResult } from '../api.ts';
import { download, endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';

/** The alert center's code, or the plant detail's (its alarm events tab reads the same list). */
const READ = { perm: [PERM.faultAlarm, PERM.stationDetail], token: 'read' } as const;

type Filter = { body: In<typeof AlarmPageBodySchema> };

/** The alert center (`/fault/alarm`), a plant's alarm tab and the alarm mail settings of the personal centre. */
export const alarm = endpoints('alarm', {
  page: post<
    { query: In<typeof AlarmPageQuerySchema>; body: In<typeof AlarmPageBodySchema> },
    PageResult<AlarmRow>
  >('/iot/alarm/page', READ, 'List alarms'),
  summary: post<Filter, AlarmSummary>('/iot/alarm/summary', READ, 'Count alarms by level and status'),
  /** The header's bell: the alert center's own code only (the plant detail's does not show it). */
  bell: get<Record<never, never>, AlarmBell>(
    '/iot/alarm/bell',
    { perm: PERM.faultAlarm, token: 'read' },
    "Get the header bell's open alarms",
  ),
  detail: post<{ body: In<typeof IdBodySchema> }, AlarmRow>('/iot/alarm/detail', READ, 'Get an alarm'),
  acknowledge: post<{ body: In<typeof AlarmAckBodySchema> }, AlarmActionResult>(
    '/iot/alarm/acknowledge',
    {
      perm: PERM.faultAlarmAck,
      write: true,
      token: 'write',
    },
    'Acknowledge alarms',
  ),
  close: post<{ body: In<typeof AlarmCloseBodySchema> }, AlarmActionResult>(
    '/iot/alarm/close',
    {
      perm: PERM.faultAlarmClose,
      write: true,
      token: 'write',
    },
    'Close alarms',
  ),
  export: download<Filter>(
    'POST',
    '/iot/alarm/export',
    {
      perm: PERM.faultAlarmExport,
      alsoPerm: READ.perm,
      token: 'read',
    },
    'Export alarms (xlsx)',
  ),
  /** The caller's own alarm mail levels: under the account's paths, as the rest of the personal centre. */
  notifyGet: get<Record<never, never>, AlarmNotify>(
    '/auth/user/alarmNotify',
    { signedIn: true },
    'Get my alarm mail levels',
  ),
  notifySet: post<{ body: In<typeof AlarmNotifySchema> }>(
    '/auth/user/alarmNotify',
    {
      signedIn: true,
      write: true,
    },
    'Set my alarm mail levels',
  ),
});
