import type { PageQuerySchema, PageResult } from '../api.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  SetAsideDecideBodySchema,
  SetAsideDecideResult,
  SetAsidePageBodySchema,
  SetAsideReading,
  SetAsideRecomputeQuerySchema,
} from '../reading-quality.ts';
import type { TariffRecompute } from '../tariff.ts';

/** Read where the device's detail is read: any of the device center's codes, the device type's own checked per request. */
const DEVICE_CENTER = {
  perm: [PERM.deviceCenter, PERM.deviceInverter, PERM.deviceBattery],
  token: 'read',
} as const;

/**
 * Readings metering set aside (issue 32, decision 031), on a device's detail: listed where the detail is
 * read; decided on by the plant's managers (like replacing its devices), a write a read-write API token may
 * make. A decision queues the plant's days for recomputation, whose progress `recompute` reports.
 */
export const readingQuality = endpoints('readingQuality', {
  /** A device's set-aside readings, newest first. */
  page: post<
    { query: In<typeof PageQuerySchema>; body: In<typeof SetAsidePageBodySchema> },
    PageResult<SetAsideReading>
  >('/iot/device/setAside/page', DEVICE_CENTER, "List a device's set-aside readings"),
  /** Accepts or keeps out one or several of a device's set-aside readings; audited. */
  decide: post<{ body: In<typeof SetAsideDecideBodySchema> }, SetAsideDecideResult>(
    '/iot/device/setAside/decide',
    { perm: PERM.stationEdit, write: true, token: 'write' },
    'Accept or reject set-aside readings',
  ),
  /** How far the recomputation of the device's plant's days is. */
  recompute: get<{ query: In<typeof SetAsideRecomputeQuerySchema> }, TariffRecompute>(
    '/iot/device/setAside/recompute',
    DEVICE_CENTER,
    'Get the recomputation progress',
  ),
});
