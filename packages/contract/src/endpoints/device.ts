import type { PageResult } from '../api.ts';
import type {
  DeviceDetail,
  DeviceDetailQuerySchema,
  DeviceHistory,
  DeviceHistoryBodySchema,
  DevicePageBodySchema,
  DevicePageQuerySchema,
  DeviceRow,
  EquipmentParam,
  EquipmentParamsQuerySchema,
} from '../device.ts';
import type {
  DeviceReplaceBodySchema,
  DeviceReplacement,
  DeviceReplacementsQuerySchema,
  DeviceReplaceResult,
} from '../device-replacement.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';

/** Any of these opens the device center's routes; the type's own code is checked per request. */
const DEVICE_CENTER = {
  perm: [PERM.deviceCenter, PERM.deviceInverter, PERM.deviceBattery],
  token: 'read',
} as const;

/** The device center (2002…): lists per device type, a device's detail and history. */
export const device = endpoints('device', {
  page: post<
    { query: In<typeof DevicePageQuerySchema>; body: In<typeof DevicePageBodySchema> },
    PageResult<DeviceRow>
  >('/iot/device/page', DEVICE_CENTER, 'List devices'),
  detail: get<{ query: In<typeof DeviceDetailQuerySchema> }, DeviceDetail>(
    '/iot/device/detail',
    DEVICE_CENTER,
    'Get a device',
  ),
  history: post<{ body: In<typeof DeviceHistoryBodySchema> }, DeviceHistory>(
    '/iot/device/history',
    DEVICE_CENTER,
    "Get a device's readings history",
  ),
  /**
   * A device (or dongle) replaced by a new serial number, keeping its position's history; like editing the
   * plant's devices, its managers only (decision 024).
   */
  replace: post<{ body: In<typeof DeviceReplaceBodySchema> }, DeviceReplaceResult>(
    '/iot/device/replace',
    {
      perm: PERM.stationEdit,
      write: true,
    },
    'Replace a device',
  ),
  /** A position's replacements, newest first (the device detail's history). */
  replacements: get<{ query: In<typeof DeviceReplacementsQuerySchema> }, DeviceReplacement[]>(
    '/iot/device/replacements',
    DEVICE_CENTER,
    "List a device position's replacements",
  ),
  /** Plant screens and the device center chart these; a fixed rule of the catalogue, no data. */
  equipmentStatisticsParams: get<{ query: In<typeof EquipmentParamsQuerySchema> }, EquipmentParam[]>(
    '/iot/stationPower/getEquipmentStatisticsParams',
    { perm: [PERM.station, PERM.stationMonitor, PERM.stationDetail, ...DEVICE_CENTER.perm], token: 'read' },
    'List the chartable device metrics',
  ),
});
