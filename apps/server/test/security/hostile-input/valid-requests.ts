import { PERM } from '@pvstar/contract/perm';
import type { Access } from '../../../src/http/access.ts';
import { md5 } from '../../../src/lib/crypto.ts';
import { addUser, orgIdByName, roleIdByCode, type TestApp, userIdByName } from '../../helper.ts';
import { addSimulatedPlant } from '../../simulated-plant.ts';
import type { FuzzRoute } from './hostile-requests.ts';
import { ABSENT_ID } from './hostile-values.ts';
import {
  inputJsonSchema,
  type Json,
  type JsonSchema,
  REQUEST_PARTS,
  type RouteSchemas,
} from './route-schemas.ts';
import { type FieldExamples, sampleValid } from './valid-values.ts';

/**
 * The valid request every route of the hostile-input run starts from: rows of our own for it to name, valid
 * values by field name, and per route the ids of real rows (or of none).
 */

const WRONG_PASSWORD = md5('Not-the-password-1');

export interface FuzzFixtures {
  dealerOrg: number;
  installerAOrg: number;
  fuzzOrg: number;
  fuzzUser: number;
  fuzzRole: number;
  fuzzMenu: number;
  installerAdminRole: number;
  ownerUser: number;
  manufacturer: number;
  deviceSpec: number;
  faultCode: number;
  plant: { id: number; inverter: number; dongle: number };
  editPlant: { id: number; dongle: number; dongleSn: string; inverterSn: string };
}

/** Rows the valid requests name: a plant to read, one to edit, an organisation, user, role and menu of our own. */
export async function fuzzFixtures(t: TestApp): Promise<FuzzFixtures> {
  const admin = await t.login('admin');
  const ok = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { token: admin, body });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.msg}`);
    return res.body.data as { id: number; list?: { id: number }[] };
  };
  const dealerOrg = await orgIdByName(t, 'Sonnenhandel GmbH');
  const installerAdminRole = await roleIdByCode(t, 'INSTALLER_ADMIN');
  const fuzzOrg = (
    await ok('/system/org/add', { name: 'Fuzz installer', type: 'INSTALLER', parentId: dealerOrg })
  ).id;
  const fuzzUser = (await addUser(t, { org: fuzzOrg, roles: ['INSTALLER_ADMIN'], prefix: 'fuzzuser' })).id;
  const fuzzRole = (
    await ok('/system/role/add', {
      roleName: 'Fuzz role',
      roleCode: 'FUZZ_ROLE_TARGET',
      roleType: 'INSTALLER',
      dataScope: 'ORG_AND_SUB',
      permCodes: [PERM.station],
    })
  ).id;
  const fuzzMenu = (await ok('/system/menu/add', { type: 'CATALOG', name: 'Fuzz menu', permCode: '9999000' }))
    .id;
  const manufacturer = (await ok('/system/manufacturer/add', { name: 'Fuzz manufacturer' })).id;
  const deviceSpec = (
    await ok('/system/deviceSpec/add', {
      deviceType: 'INVERTER',
      deviceSpecs: 'FUZZ-1',
      manufacturerId: manufacturer,
    })
  ).id;
  const messages = Object.fromEntries(
    ['de-DE', 'en-GB', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'].map((l) => [l, 'Fuzz']),
  );
  const faultCode = (
    await ok('/system/faultCode/add', {
      faultCode: 'FUZZ-TARGET',
      deviceType: 'INVERTER',
      alarmLevel: 'WARN',
      message: messages,
      fixAdvice: messages,
    })
  ).id;
  const brokerUrl = 'mqtt://127.0.0.1:9';
  const plant = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl });
  const editPlant = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl });
  return {
    dealerOrg,
    installerAOrg: await orgIdByName(t, 'Solartechnik Alpha'),
    fuzzOrg,
    fuzzUser,
    fuzzRole,
    fuzzMenu,
    installerAdminRole,
    ownerUser: await userIdByName(t, 'demo-owner'),
    manufacturer,
    deviceSpec,
    faultCode,
    plant: { id: plant.plantId, inverter: plant.inverter.id, dongle: plant.dongleId },
    editPlant: {
      id: editPlant.plantId,
      dongle: editPlant.dongleId,
      dongleSn: editPlant.dongleSn,
      inverterSn: editPlant.inverter.sn,
    },
  };
}

/** Valid values by field name where the schema alone does not give one (patterns, pairings, real rows). */
const FIELD_EXAMPLES: FieldExamples = {
  password: WRONG_PASSWORD,
  oldPassword: WRONG_PASSWORD,
  confirmPassword: WRONG_PASSWORD,
  code: '000000',
  recoveryCode: 'aaaaa-aaaaa',
  contactType: 'EMAIL',
  contact: 'fuzz@test.pvstar.local',
  email: 'fuzz@test.pvstar.local',
  phone: '+491700000001',
  contactPhone: '+491700000001',
  contactEmail: 'fuzz@test.pvstar.local',
  account: 'no-such-account',
  username: 'fuzzuser1',
  roleCode: 'FUZZ_ROLE',
  permCode: '9999001',
  faultCode: 'FUZZ-1',
  version: '1.0.0',
  fileId: 'a'.repeat(32),
  currency: 'EUR',
  countryCode: 'DE',
  superiorCode: 'DE',
  date: '2025-06-01',
  from: '2025-06-01',
  to: '2025-06-30',
  startDate: '2025-06-01',
  endDate: '2025-06-30',
  gridConnectionTime: '2025-06-01',
  buildDate: '2025-06-01',
  startAt: null,
  stationPicture: null,
  photo: null,
  latitude: 52.5,
  longitude: 13.4,
  timezone: 'Europe/Berlin',
  energyStorage: 10,
  metrics: ['power'],
  token: 'x'.repeat(32),
  expiresOn: '2099-12-31',
  // A public address as a literal: the webhook guard needs no name resolution for it.
  url: 'https://93.184.215.14/pvstar-hook',
  name: 'Fuzz name',
  pageNum: '1',
  pageSize: '10',
};

/** Per route: ids of real rows (or of none, where a valid request would delete or lock something). */
function routeValues(
  key: string,
  fx: FuzzFixtures,
): Partial<Record<'params' | 'querystring' | 'body', Record<string, Json>>> {
  const users = { orgId: fx.fuzzOrg, roleIds: [fx.installerAdminRole] };
  const station = {
    stationType: 'PHOTOVOLTAIC',
    ownerName: null,
    contactType: null,
    contactInformation: null,
    orgId: fx.installerAOrg,
    devices: {
      dongles: [
        {
          sn: 'FUZZDGL0001',
          networkingMode: 'WIFI',
          inverters: [{ sn: 'FUZZINV0001', inverterType: 'SINGLE_PHASE' }],
          batteries: [],
          meters: [],
        },
      ],
    },
  };
  // A period far ahead: a valid add changes no past day.
  const tariffPeriod = {
    direction: 'FEED_IN',
    kind: 'FLAT',
    validFrom: '2090-01-01',
    validTo: '2090-12-31',
    price: 0.1,
    bands: [],
    gridFee: 0,
  };
  const values: Record<string, Partial<Record<'params' | 'querystring' | 'body', Record<string, Json>>>> = {
    'POST /system/org/add': { body: { type: 'INSTALLER', parentId: fx.dealerOrg } },
    'POST /system/org/edit': { body: { id: fx.fuzzOrg, type: 'INSTALLER', parentId: fx.dealerOrg } },
    'POST /system/org/delete': { body: { id: fx.fuzzOrg, confirmName: 'not its name' } },
    'POST /system/org/updateStatus': { body: { id: fx.fuzzOrg, status: 'NORMAL' } },
    'POST /system/org/createEmp': { body: users },
    'POST /system/org/editEmp': { body: { ...users, id: fx.fuzzUser } },
    'GET /system/org/detail/:id': { params: { id: String(fx.fuzzOrg) } },
    'POST /system/user/add': { body: users },
    'POST /system/user/edit': { body: { ...users, id: fx.fuzzUser } },
    'GET /system/user/delete': { querystring: { userId: String(ABSENT_ID) } },
    'GET /system/user/resetPassword': { querystring: { userId: String(fx.fuzzUser) } },
    'POST /system/user/updateAccountStatus': { body: { userId: fx.fuzzUser, status: 'NORMAL' } },
    'POST /system/user/getMobileOrEmail': { body: { id: fx.ownerUser, viewType: 'EMAIL' } },
    'GET /system/owner/plants': { querystring: { userId: String(fx.ownerUser) } },
    'POST /system/role/add': {
      body: { roleType: 'INSTALLER', dataScope: 'ORG_AND_SUB', permCodes: [PERM.station] },
    },
    'POST /system/role/edit': {
      body: { id: fx.fuzzRole, roleType: 'INSTALLER', dataScope: 'ORG_AND_SUB', permCodes: [PERM.station] },
    },
    'POST /system/role/updateStatus': { body: { id: fx.fuzzRole, status: 'ENABLED' } },
    'GET /system/role/detail/:id': { params: { id: String(fx.fuzzRole) } },
    'GET /system/role/delete': { querystring: { roleId: String(ABSENT_ID) } },
    'POST /system/menu/add': { body: { parentId: fx.fuzzMenu, type: 'BUTTON' } },
    'POST /system/menu/edit': {
      body: { id: fx.fuzzMenu, parentId: null, type: 'CATALOG', permCode: '9999000' },
    },
    'GET /system/menu/delete': { querystring: { menuId: String(ABSENT_ID) } },
    'POST /system/manufacturer/edit': { body: { id: fx.manufacturer } },
    'POST /system/manufacturer/delete': { body: { id: ABSENT_ID } },
    'POST /system/manufacturer/key/list': { body: { manufacturerId: fx.manufacturer } },
    'POST /system/manufacturer/key/add': { body: { manufacturerId: fx.manufacturer } },
    'POST /system/deviceSpec/add': { body: { manufacturerId: fx.manufacturer } },
    'POST /system/deviceSpec/edit': { body: { id: fx.deviceSpec, manufacturerId: fx.manufacturer } },
    'POST /system/deviceSpec/delete': { body: { id: ABSENT_ID } },
    'POST /system/faultCode/edit': { body: { id: fx.faultCode } },
    'POST /system/faultCode/delete': { body: { id: ABSENT_ID } },
    'POST /station/station/add': { body: station },
    'POST /station/station/edit': {
      body: {
        ...station,
        id: fx.editPlant.id,
        devices: {
          dongles: [
            {
              sn: fx.editPlant.dongleSn,
              networkingMode: 'WIFI',
              inverters: [{ sn: fx.editPlant.inverterSn, inverterType: 'THREE_PHASE' }],
              batteries: [],
              meters: [],
            },
          ],
        },
      },
    },
    'POST /station/station/delete': { body: { id: fx.editPlant.id, confirmName: 'not its name' } },
    'POST /station/station/dongle/resetSecret': { body: { dongleId: fx.editPlant.dongle } },
    'GET /station/station/detail/:id': { params: { id: String(fx.plant.id) } },
    'GET /station/station/findAddress/:id': { params: { id: String(fx.plant.id) } },
    'GET /station/station/overview/:id': { params: { id: String(fx.plant.id) } },
    'GET /station/station/powerCurve/:id': { params: { id: String(fx.plant.id) } },
    'GET /station/station/realtime/:id': { params: { id: String(fx.plant.id) } },
    'POST /station/station/energy': { body: { id: fx.plant.id, dateType: 'date' } },
    'POST /station/tariff/list': { body: { stationId: fx.plant.id } },
    'GET /station/tariff/recompute/:id': { params: { id: String(fx.plant.id) } },
    'POST /station/tariff/add': { body: { stationId: fx.plant.id, ...tariffPeriod } },
    'POST /station/tariff/edit': { body: { id: ABSENT_ID, ...tariffPeriod } },
    'POST /station/tariff/delete': { body: { id: ABSENT_ID } },
    'POST /station/tariff/prices': {
      body: { periodId: ABSENT_ID, unit: 'KWH', prices: [{ time: '2090-01-01T10:00:00Z', price: 0.1 }] },
    },
    'GET /iot/device/detail': { querystring: { deviceType: 'INVERTER', id: String(fx.plant.inverter) } },
    'POST /iot/device/history': { body: { deviceId: fx.plant.inverter } },
    'POST /iot/remote/params/state': { body: { deviceId: fx.plant.inverter } },
    'POST /iot/remote/params/read': { body: { deviceId: fx.plant.inverter } },
    'POST /iot/remote/params/write': {
      body: { deviceId: fx.plant.inverter, values: { activePowerLimit: 80 }, disclaimerAccepted: true },
    },
    'POST /station/report/energy': { body: { plantIds: [fx.plant.id] } },
    'POST /station/report/energy/export': { body: { plantIds: [fx.plant.id] } },
    'POST /station/report/alarm': { body: { plantIds: [fx.plant.id] } },
    'POST /station/report/alarm/export': { body: { plantIds: [fx.plant.id] } },
    'POST /iot/firmware/add': {
      body: { manufacturerId: fx.manufacturer, supportAll: true, supportedSns: [] },
    },
    'POST /auth/user/alarmNotify': { body: { levels: ['SERIOUS'] } },
    'GET /file/pictures/:name': { params: { name: `${'f'.repeat(32)}.png` } },
  };
  return values[key] ?? {};
}

/** Id fields of every other route name no row: a valid request is answered 404 and changes nothing. */
const absentIds = (s: JsonSchema | undefined): FieldExamples => {
  const out: FieldExamples = {};
  for (const [k, v] of Object.entries(s?.properties ?? {}))
    if (/(^id$|Id$)/.test(k) && (v.type === 'integer' || v.anyOf)) out[k] = ABSENT_ID;
    else if (/Ids$/.test(k)) out[k] = [ABSENT_ID];
  return out;
};

/** The route as the fuzzer sees it, with a request its schemas accept to start from. */
export function fuzzRoute(
  key: string,
  routeSchemas: RouteSchemas,
  access: Access,
  fx: FuzzFixtures,
): FuzzRoute {
  const [method, url] = key.split(' ') as ['GET' | 'POST', string];
  const jsonSchemas: FuzzRoute['jsonSchemas'] = {};
  for (const part of REQUEST_PARTS)
    if (routeSchemas[part]) jsonSchemas[part] = inputJsonSchema(routeSchemas[part]!);
  const given = routeValues(key, fx);
  const start = (part: 'params' | 'querystring' | 'body') => {
    const s = jsonSchemas[part];
    if (!s) return undefined;
    const sample = sampleValid(s, { ...FIELD_EXAMPLES, ...absentIds(s) }) as Record<string, Json>;
    return { ...sample, ...given[part] };
  };
  const asText = (v: Record<string, Json> | undefined) =>
    Object.fromEntries(
      Object.entries(v ?? {}).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]),
    );
  return {
    method,
    url,
    isPublic: 'public' in access,
    schemas: routeSchemas,
    jsonSchemas,
    valid: {
      params: asText(start('params')),
      querystring: asText(start('querystring')),
      body: method === 'POST' ? (start('body') ?? (routeSchemas.body ? undefined : {})) : undefined,
    },
  };
}
