import { type MatrixEntry, page, row, SIGNED_IN, yesterday } from './shared.ts';

/** The permission matrix's rows: the device center and the dashboard. */

export const DEVICE_ROWS: MatrixEntry[] = [
  // Device center (2002…).
  {
    route: 'POST /iot/device/page',
    expect: row('200 200 200 200 200 200 200 200 200 401'),
    request: ({ side }) => ({ query: page, body: { deviceType: 'INVERTER', plantId: side.plant.id } }),
    hides: (s) => [s.inverter.sn],
  },
  {
    route: 'GET /iot/device/detail',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ query: { deviceType: 'INVERTER', id: side.inverter.id } }),
  },
  {
    route: 'POST /iot/device/history',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id, date: yesterday(), metrics: ['power'] } }),
  },
  {
    route: 'GET /iot/stationPower/getEquipmentStatisticsParams',
    expect: row(SIGNED_IN),
    request: () => ({ query: { stationType: 'ENERGY_STORAGE' } }),
  },
  {
    // The dashboard names the newest alarms' plants.
    route: 'GET /station/dashboard',
    expect: row(SIGNED_IN),
    request: () => ({}),
    hides: (s) => [s.plant.name],
  },
];
