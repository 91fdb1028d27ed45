import { z } from 'zod';
import { IdSchema, sortedPageQuerySchema } from './api.ts';
import { type AlarmLevel, AlarmLevelSchema } from './enums.ts';
import { FaultDeviceTypeSchema } from './fault-code.ts';
import { LocalDateSchema } from './plant-data.ts';
import { optionalText, requiredText } from './validation.ts';

/** Alarms (requirements §R7: fields, the alert center `/fault/alarm`, the plant's alarm events tab). */

export const AlarmStatusSchema = z.enum(['ONGOING', 'ENDED']);
export type AlarmStatus = z.infer<typeof AlarmStatusSchema>;

/**
 * How an alarm ended: the device cleared it, data came back after a communication loss, production
 * resumed, a user closed it by hand, or the device was replaced (decision 024).
 */
export const AlarmEndReasonSchema = z.enum(['CLEARED', 'RECOVERED', 'CLOSED', 'REPLACED']);
export type AlarmEndReason = z.infer<typeof AlarmEndReasonSchema>;

/**
 * Where an alarm comes from: a fault event of the device, the cloud noticing a device or dongle went
 * silent (communication loss), the cloud noticing an inverter produces nothing in daylight, a plant
 * yielding clearly less than its neighbours on sunny days, a dongle sending more than its limits, or an
 * inverter whose readings metering sets aside as implausible (DATA_QUALITY; docs/alarms.md).
 */
export const AlarmKindSchema = z.enum([
  'EVENT',
  'COMM',
  'NO_PRODUCTION',
  'UNDERPERFORMING',
  'FLOOD',
  'DATA_QUALITY',
]);
export type AlarmKind = z.infer<typeof AlarmKindSchema>;

/** The filter groups of requirements §R7.4 (error, warn, general) and the levels each covers. */
export const AlarmLevelGroupSchema = z.enum(['ERROR', 'WARN', 'GENERAL']);
export type AlarmLevelGroup = z.infer<typeof AlarmLevelGroupSchema>;
export const ALARM_LEVEL_GROUPS: Record<AlarmLevelGroup, AlarmLevel[]> = {
  ERROR: ['SERIOUS', 'ERROR'],
  WARN: ['WARN'],
  GENERAL: ['INFO', 'GENERAL'],
};

/**
 * Alarm levels that put the device (and its plant) into FAULT, and into ABNORMAL (plant: Warning).
 * INFO and GENERAL alarms are shown but change no status.
 */
export const FAULT_LEVELS: AlarmLevel[] = ['SERIOUS', 'ERROR'];
export const ABNORMAL_LEVELS: AlarmLevel[] = ['WARN'];

/** Fault codes the cloud raises itself (they are in the seeded library like any other). */
export const CLOUD_FAULT_CODES = {
  dongleOffline: 'DGL-OFFLINE',
  dongleFlooding: 'DGL-FLOOD',
  noProduction: 'INV-NO-PROD',
  underPerforming: 'INV-UNDERPERF',
  implausibleReadings: 'INV-IMPLAUSIBLE',
  commLost: {
    INVERTER: 'INV-COMM-LOST',
    BATTERY: 'BAT-COMM-LOST',
    METER: 'MTR-COMM-LOST',
    EV_CHARGER: 'EVC-COMM-LOST',
    HEAT_PUMP: 'HP-COMM-LOST',
  },
} as const;

/**
 * What an alarm list may be sorted by on the server: start, end (ongoing alarms have none: last), the
 * latest report, level (by severity: serious first when descending), status, plant name and the device's
 * serial number. Default: newest start first.
 */
export const ALARM_SORTS = [
  'alarmStartTime',
  'endTime',
  'latestTime',
  'alarmLevel',
  'alarmStatus',
  'stationName',
  'deviceSn',
] as const;
export type AlarmSort = (typeof ALARM_SORTS)[number];
export const AlarmPageQuerySchema = sortedPageQuerySchema(ALARM_SORTS);

export const AlarmPageBodySchema = z.object({
  /** Requirements §R7.4 filter: error (serious + error), warn, general (info + general). */
  levelGroup: AlarmLevelGroupSchema.optional(),
  /** One exact level (the detail filter of the library's levels). */
  alarmLevel: AlarmLevelSchema.optional(),
  alarmStatus: AlarmStatusSchema.optional(),
  /** Only acknowledged alarms (true), or only those nobody has acknowledged yet (false). */
  acknowledged: z.boolean().optional(),
  stationId: IdSchema.optional(),
  /** Part of the plant's name. */
  stationName: z.string().trim().max(100).optional(),
  deviceType: FaultDeviceTypeSchema.optional(),
  /** Part of the fault code, any case. */
  faultCode: z.string().trim().max(32).optional(),
  /** Part of the device's (or dongle's) serial number. */
  sn: z.string().trim().max(32).optional(),
  /** Alarms that started on or after this local day of the plant … */
  startDate: LocalDateSchema.optional(),
  /** … and on or before this one (inclusive). */
  endDate: LocalDateSchema.optional(),
});
export type AlarmPageBody = z.infer<typeof AlarmPageBodySchema>;

const person = z.object({
  userId: z.number().nullable(),
  name: z.string(),
  at: z.string(),
  comment: z.string(),
});
export type AlarmAction = z.infer<typeof person>;

export const AlarmRowSchema = z.object({
  id: z.number(),
  alarmLevel: AlarmLevelSchema,
  faultCode: z.string(),
  deviceType: FaultDeviceTypeSchema,
  kind: AlarmKindSchema,
  /** The device's serial number (or the dongle's, for the dongle's own alarms). */
  deviceSn: z.string(),
  /** Id of the device in the device center; null for the dongle's own alarms or a removed device. */
  deviceId: z.number().nullable(),
  stationId: z.number(),
  stationName: z.string(),
  /** The plant's address (requirements §R7.1: stationAdress). */
  stationAdress: z.string().nullable(),
  /** The plant's IANA time zone: times are shown in it. */
  timezone: z.string(),
  /** When the fault began (device time). */
  alarmStartTime: z.string(),
  /** When the device last reported the fault (or when it ended). */
  latestTime: z.string(),
  /** When the cloud recorded the alarm. */
  alarmTime: z.string(),
  /** When it ended; null while ongoing. */
  endTime: z.string().nullable(),
  /** Seconds from start to end (or to now while ongoing). */
  durationSeconds: z.number(),
  alarmStatus: AlarmStatusSchema,
  endReason: AlarmEndReasonSchema.nullable(),
  /** In the reader's language, from the fault code library. */
  alarmMsg: z.string(),
  fixAdvice: z.string(),
  acknowledged: person.nullable(),
  closed: person.nullable(),
});
export type AlarmRow = z.infer<typeof AlarmRowSchema>;

/** What the acknowledge and close rules read of an alarm (an `AlarmRow`, or the server's row mapped). */
export interface AlarmActionState {
  alarmStatus: AlarmStatus;
  /** Who acknowledged it (or when), null while nobody has. */
  acknowledged: object | null;
}

/**
 * Why an alarm cannot be acknowledged, or null when it can: only an ongoing alarm nobody has
 * acknowledged yet. The server refuses an ended one (`alarm.ackEnded`) and leaves an acknowledged one as
 * it is; the web offers the action only where this is null.
 */
export const ackRefusal = (a: AlarmActionState): 'ended' | 'acknowledged' | null =>
  a.alarmStatus !== 'ONGOING' ? 'ended' : a.acknowledged ? 'acknowledged' : null;
export const canAcknowledge = (a: AlarmActionState) => ackRefusal(a) === null;
/** An alarm may be closed by hand while it lasts; an ended one is history. */
export const canClose = (a: Pick<AlarmActionState, 'alarmStatus'>) => a.alarmStatus === 'ONGOING';

/** Longest comment on acknowledging or closing. */
export const ALARM_COMMENT_MAX = 500;

/** Acknowledge ("I am on it") or close (end by hand) one or more alarms, with a comment. */
export const AlarmAckBodySchema = z.object({
  ids: z.array(IdSchema).min(1).max(100),
  comment: optionalText(ALARM_COMMENT_MAX),
});
export type AlarmAckBody = z.infer<typeof AlarmAckBodySchema>;

export const AlarmCloseBodySchema = z.object({
  ids: z.array(IdSchema).min(1).max(100),
  comment: requiredText(1, ALARM_COMMENT_MAX),
});
export type AlarmCloseBody = z.infer<typeof AlarmCloseBodySchema>;

export const AlarmActionResultSchema = z.object({
  /**
   * How many alarms changed: already acknowledged ones are left as they are, and so are already ended
   * ones on closing (acknowledging an ended one is refused).
   */
  changed: z.number().int(),
});
export type AlarmActionResult = z.infer<typeof AlarmActionResultSchema>;

/** Counts for the alert center's header, under the same filter as the list (without status and level). */
export const AlarmSummarySchema = z.object({
  /** Ongoing alarms per filter group. */
  ongoing: z.object({ ERROR: z.number().int(), WARN: z.number().int(), GENERAL: z.number().int() }),
  /** Ongoing alarms nobody has acknowledged. */
  unacknowledged: z.number().int(),
  /** Alarms that ended within the filter's period. */
  ended: z.number().int(),
});
export type AlarmSummary = z.infer<typeof AlarmSummarySchema>;

/**
 * The alert center's filter "active and unacknowledged" (ongoing, nobody on it yet): what the header's
 * bell counts and what a click on it lists, over all time.
 */
export const ALARM_ACTIVE_UNACKNOWLEDGED = {
  alarmStatus: 'ONGOING',
  acknowledged: false,
} as const satisfies AlarmPageBody;

/** The header's bell: ongoing alarms nobody has acknowledged, in the caller's scope. */
export const AlarmBellSchema = z.object({ count: z.number().int() });
export type AlarmBell = z.infer<typeof AlarmBellSchema>;

/** Largest export (rows); a wider filter is refused with a message to narrow it. */
export const ALARM_EXPORT_MAX = 50_000;

// Notifications (personal centre)

/** The levels a user wants by e-mail; nothing chosen means no alarm mail. */
export const AlarmNotifySchema = z.object({
  levels: z.array(AlarmLevelSchema).max(5),
});
export type AlarmNotify = z.infer<typeof AlarmNotifySchema>;

/** A user gets at most one alarm mail per this many minutes; what comes in between goes into one digest. */
export const ALARM_DIGEST_MINUTES = 5;
