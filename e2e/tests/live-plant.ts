import { type APIRequestContext, expect } from '@playwright/test';
import type { StationSaveResult } from '@pvstar/contract/station';
import { type Fleet, type FleetOptions, startFleet } from '@pvstar/simulator/fleet';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * A plant registered through the API by installer A, in Munich, with one inverter per dongle, and
 * simulated dongles for it connected to the server's broker: devices that answer like real ones.
 */
const HEADERS = { fromType: '2', lang: 'en-GB' };
const PLANT = { latitude: 48.14, longitude: 11.58, tilt: 30, azimuth: 0, timezone: 'Europe/Berlin' };

/** Calls the API and expects success; GET for /system/config, POST otherwise. */
export async function apiOk<T>(
  request: APIRequestContext,
  token: string | null,
  url: string,
  body?: unknown,
) {
  const headers = { ...HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const method = url === '/system/config' ? 'get' : 'post';
  const res = await request[method](url, { headers, ...(method === 'post' ? { data: body ?? {} } : {}) });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${url}: ${json.msg}`).toBe(200);
  return json.data;
}

/**
 * A PV plant of installer A's own in Kiel with one dongle and one 6 kW inverter, registered through the API
 * (so that the demo plants' devices stay as the other specs on this server expect them), and its inverter
 * as the device list answers it.
 */
export async function addKielPlant(
  request: APIRequestContext,
  installer: string,
  o: { name: string; dongleSn: string; inverterSn: string },
) {
  const saved = await apiOk<StationSaveResult>(request, installer, '/station/station/add', {
    stationName: o.name,
    stationType: 'PHOTOVOLTAIC',
    installedCapacity: 8,
    countryCode: 'DE',
    detailAddress: 'Hafenstraße 3, 24103 Kiel',
    latitude: 54.32,
    longitude: 10.13,
    angleOfRoll: 30,
    azimuth: 0,
    timezone: 'Europe/Berlin',
    onlineElectrovalence: 0.08,
    buyElectrovalence: 0.3,
    devices: {
      dongles: [
        {
          sn: o.dongleSn,
          networkingMode: 'WIFI',
          inverters: [{ sn: o.inverterSn, inverterType: 'SINGLE_PHASE', ratedPower: 6000 }],
        },
      ],
    },
  });
  const inverters = await apiOk<{ list: { id: number; sn: string; stationName: string }[] }>(
    request,
    installer,
    '/iot/device/page?pageNum=1&pageSize=10',
    { deviceType: 'INVERTER', sn: o.inverterSn },
  );
  const inverter = inverters.list.find((d) => d.sn === o.inverterSn);
  expect(inverter, `the inverter of plant ${saved.id}`).toBeDefined();
  return { saved, inverter: inverter! };
}

export async function startLivePlant(
  request: APIRequestContext,
  opts: {
    name: string;
    dongles: { dongle: string; inverter: string }[];
    manufacturer: string;
    model: string;
    fleet?: Partial<Omit<FleetOptions, 'brokerUrl' | 'dongles'>>;
  },
): Promise<{ plantId: number; fleet: Fleet }> {
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const config = await apiOk<{ mqttPort?: number }>(request, admin, '/system/config');
  const brokerUrl = process.env.E2E_MQTT_URL ?? `mqtt://127.0.0.1:${config.mqttPort}`;
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  const capacity = 10 * opts.dongles.length;
  const saved = await apiOk<StationSaveResult>(request, installer, '/station/station/add', {
    stationName: opts.name,
    stationType: 'PHOTOVOLTAIC',
    installedCapacity: capacity,
    countryCode: 'DE',
    detailAddress: 'Sonnenstraße 12, 80331 München',
    latitude: PLANT.latitude,
    longitude: PLANT.longitude,
    angleOfRoll: PLANT.tilt,
    azimuth: PLANT.azimuth,
    timezone: PLANT.timezone,
    onlineElectrovalence: 0.082,
    buyElectrovalence: 0.32,
    devices: {
      dongles: opts.dongles.map((d) => ({
        sn: d.dongle,
        networkingMode: 'WIFI',
        inverters: [
          { sn: d.inverter, inverterType: 'THREE_PHASE', manufacturer: opts.manufacturer, model: opts.model },
        ],
      })),
    },
  });
  const fleet = startFleet({
    interval: 5,
    ...opts.fleet,
    brokerUrl,
    dongles: opts.dongles.map((d) => ({
      sn: d.dongle,
      secret: saved.dongles.find((x) => x.sn === d.dongle)!.secret,
      plant: { ...PLANT, capacityKwp: 10, storageKwh: 0, type: 'PHOTOVOLTAIC' as const },
      // Maker and model as registered: what the simulated inverter checks a firmware manifest against.
      devices: [
        {
          sn: d.inverter,
          kind: 'INVERTER' as const,
          inverterType: 'THREE_PHASE' as const,
          manufacturer: opts.manufacturer,
          model: opts.model,
        },
      ],
    })),
  });
  await expect
    .poll(() => opts.dongles.every((d) => fleet.dongle(d.dongle)?.connected), { timeout: 30_000 })
    .toBe(true);
  return { plantId: saved.id, fleet };
}
