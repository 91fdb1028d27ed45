import { isMessageKey } from '@pvstar/contract/messages';
import { MQTT_AUTH_SECRET_HEADER } from '@pvstar/contract/mqtt-auth';
import { PERM } from '@pvstar/contract/perm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../http/access.ts';
import { holdsAccess, isPluginRoute } from '../http/pipeline.ts';
import { md5 } from '../lib/crypto.ts';
import { changedTables, dbFingerprint } from '../test/db-fingerprint.ts';
import {
  addUser,
  buildTestApp,
  DEMO_PASSWORD,
  MQTT_HTTP_AUTH_SECRET,
  nextIp,
  orgIdByName,
  roleIdByCode,
  type TestApp,
  userIdByName,
} from '../test/helper.ts';
import { addSimulatedPlant } from '../test/simulated-plant.ts';
import {
  ABSENT_ID,
  collectRouteSchemas,
  everyFieldBroken,
  type FieldExamples,
  type FuzzRoute,
  type HostileRequest,
  hostileRequests,
  inputJsonSchema,
  type Json,
  type JsonSchema,
  judge,
  REQUEST_PARTS,
  type RouteSchemas,
  requestUrl,
  sampleValid,
  type Verdict,
} from './hostile-input.ts';

/**
 * Every route, fed requests built to break its schema: wrong types, 100 kB+ strings and strings just over
 * each limit, unicode (direction overrides, zero-width, emoji, lone surrogates, NUL), null, NaN-like text,
 * negative and huge numbers, 1,000- and 10,000-level nesting, arrays for objects, prototype-polluting keys,
 * SQL and script fragments, unreadable bodies, odd content types and hostile headers. Each route starts
 * from a request its schemas accept and breaks one thing at a time, so the broken thing is the only fault;
 * as admin, every field is first broken once on purpose (NUL, 100,001 characters, 1e308), then at random.
 *
 * The property, per request (`judge` works out what the route's own schemas say of it):
 * - never 5xx; every non-2xx answer is the envelope `{ code, msg, data }` with `code` = status and a
 *   translated `msg`; a 400 from validation names exactly the fields the schema refuses (`data.fields`);
 * - a request the schemas refuse, or that cannot reach them (no session or permission, unreadable body,
 *   a JSON type the field does not declare), is answered 4xx. 2xx is allowed only for requests the schemas
 *   accept: a free-text field takes `<script>` or `' OR 1=1 --` as text, and a write route then writes it —
 *   correct, since the web renders names as text (the stored-XSS browser test proves it);
 * - so "nothing is written" is held of every refused request: the database fingerprint is compared before
 *   each request the schemas accept on a route that may write (whatever was refused since the last
 *   comparison must have left it unchanged), and after the route's last request.
 *
 * Fixed seed per route (FUZZ_SEED to change it), FUZZ_RUNS random requests per route as admin (default 30)
 * and a quarter as installer A; the totals are printed at the end (`hostile-input: … requests`).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_801);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Routes with nothing to validate (no body, query or path schema) see only headers and raw bodies. */
const RUNS_WITHOUT_INPUT = Math.max(4, Math.round(RUNS / 4));
const INSTALLER_RUNS = Math.max(4, Math.round(RUNS / 4));

const WRONG_PASSWORD = md5('Not-the-password-1');

/** Routes whose success answer is the shape EMQX reads (`{ result }`), not the envelope; errors are enveloped. */
const BROKER_SHAPED = new Set(['POST /mqtt/auth', 'POST /mqtt/acl']);

/**
 * Routes that write on success without being flagged `write` (read-only accounts may call them): their
 * accepted requests are bracketed by fingerprints like a write route's.
 */
const WRITES_WITHOUT_WRITE_FLAG = new Set<string>([
  // Sends `params.read` to the device: a command row, though it changes nothing on the device.
  'POST /iot/remote/params/read',
]);

// The EMQX endpoints are on, and every request carries their secret, so that hostile input reaches them.
const t: TestApp = await buildTestApp({ MQTT_HTTP_AUTH_SECRET });
const routeTable = t.app.routeTable.filter(
  (r) => r.method !== 'HEAD' && r.url !== '/' && !isPluginRoute(r.url) && r.access,
);
const routeKeys = routeTable.map((r) => `${r.method} ${r.url}`);
const accessOf = new Map(routeTable.map((r) => [`${r.method} ${r.url}`, r.access as Access]));

interface Identity {
  account: string;
  token: string;
  perms: Set<string>;
}

const stats = {
  requests: 0,
  byStatus: new Map<number, number>(),
  byPass: new Map<string, number>(),
  byVerdict: new Map<string, number>(),
};
const count = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
/** The fingerprint the last route left (nothing runs between two routes), so the next need not take it again. */
let settled: Record<string, string> | undefined;

describe('hostile input on every route', () => {
  let schemas: Map<string, RouteSchemas>;
  let fuzzRoutes: Map<string, FuzzRoute>;
  const identities: Record<string, { main: Identity; self: Identity }> = {};

  beforeAll(async () => {
    schemas = await collectRouteSchemas(t.ctx);
    const fx = await fixtures();
    fuzzRoutes = new Map(
      routeKeys.filter((k) => schemas.has(k)).map((k) => [k, fuzzRoute(k, schemas.get(k)!, fx)]),
    );
    const root = await orgIdByName(t, t.ctx.config.APP_TITLE);
    const installerA = await orgIdByName(t, 'Solartechnik Alpha');
    // Routes on one's own account (log out, change password, cancel) run as a stand-in of the same role,
    // so the seeded accounts' sessions and passwords stay as they are.
    const adminSelf = await addUser(t, { org: root, roles: ['PROVIDER_ADMIN'], prefix: 'fuzzadmin' });
    const installerSelf = await addUser(t, {
      org: installerA,
      roles: ['INSTALLER_ADMIN'],
      prefix: 'fuzzinst',
    });
    identities.admin = {
      main: await signIn('admin'),
      self: await signIn(adminSelf.username, DEMO_PASSWORD),
    };
    identities.installer = {
      main: await signIn('demo-installer-a'),
      self: await signIn(installerSelf.username, DEMO_PASSWORD),
    };
  });

  afterAll(async () => {
    const byStatus = [...stats.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    const byPass = [...stats.byPass.entries()].map(([p, n]) => `${p} ${n}`);
    const byVerdict = [...stats.byVerdict.entries()].map(([v, n]) => `${v} ${n}`);
    console.info(
      `hostile-input: ${stats.requests} requests over ${routeKeys.length} routes (${byPass.join(', ')}), seed ${SEED}; expected ${byVerdict.join(', ')}; answers ${byStatus.join(' ')}`,
    );
    await t.close();
  });

  it('sees the request schemas of every route in the route table', () => {
    const unseen = routeKeys.filter((k) => !schemas.has(k));
    expect(unseen, 'routes whose schemas the fuzzer cannot see (not in modules/*/*.routes.ts)').toEqual([]);
    expect(routeKeys.length).toBeGreaterThan(80);
  });

  it('starts every route from a request its schemas accept', () => {
    const refused: string[] = [];
    for (const [key, route] of fuzzRoutes)
      for (const part of REQUEST_PARTS) {
        const schema = route.schemas[part];
        if (!schema) continue;
        const value = part === 'body' ? route.valid.body : route.valid[part];
        const result = schema.safeParse(value);
        if (!result.success)
          refused.push(
            `${key} ${part}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`)}`,
          );
      }
    expect(refused, 'give these fields a valid value in FIELD_EXAMPLES or routeValues below').toEqual([]);
  });

  describe.each([
    ['admin', RUNS, RUNS_WITHOUT_INPUT],
    ['installer', INSTALLER_RUNS, Math.max(2, Math.round(RUNS_WITHOUT_INPUT / 2))],
  ] as const)('signed in as %s', (pass, runs, runsWithoutInput) => {
    it.each(routeKeys)('%s', async (key) => {
      const route = fuzzRoutes.get(key)!;
      const access = accessOf.get(key)!;
      const who = identities[pass]!;
      const identity = 'signedIn' in access ? who.self : who.main;
      const hasInput = REQUEST_PARTS.some((p) => route.schemas[p]);
      const { validationAnswers } = await fuzz(
        route,
        access,
        identity,
        pass,
        hasInput ? runs : runsWithoutInput,
      );
      // The generator must really break the schema: as admin every route with input saw a 400 naming a field.
      if (pass === 'admin' && hasInput)
        expect(validationAnswers, `${key}: no 400 naming a field`).toBeGreaterThan(0);
    });
  });

  it('sent a few thousand requests and polluted no prototype', () => {
    expect(stats.requests).toBeGreaterThan(routeKeys.length * (RUNS / 2));
    const probe = {} as Record<string, unknown>;
    expect([probe.isAdmin, probe.perms, probe.polluted]).toEqual([undefined, undefined, undefined]);
  });
});

async function signIn(account: string, password?: string): Promise<Identity> {
  const token = await t.login(account, password);
  const info = await t.call('GET', '/auth/user/getUserInfo', { token });
  const perms = new Set<string>(
    (info.body.data.rolePermList as { permList: string[] }[]).flatMap((r) => r.permList),
  );
  return { account, token, perms };
}

async function fuzz(route: FuzzRoute, access: Access, identity: Identity, pass: string, numRuns: number) {
  const key = `${route.method} ${route.url}`;
  const caller = { permitted: !('perm' in access) || holdsAccess(identity.perms, access) };
  const mayWrite =
    ('write' in access && access.write) ||
    (route.isPublic && route.method === 'POST') ||
    WRITES_WITHOUT_WRITE_FLAG.has(key);
  let baseline = settled ?? (await dbFingerprint(t.ctx.db));
  settled = undefined;
  let sinceCheck: string[] = [];
  let validationAnswers = 0;
  const nothingWrittenSince = async (when: string) => {
    const now = await dbFingerprint(t.ctx.db);
    const changed = changedTables(baseline, now);
    expect(
      changed,
      `${key}: refused requests wrote to ${changed.join(', ')} (${when}); requests since the last check:\n${sinceCheck.join('\n')}`,
    ).toEqual([]);
    sinceCheck = [];
    return now;
  };

  // As admin, every field of the route is broken once before the random requests.
  const examples = pass === 'admin' ? everyFieldBroken(route).map((r) => [r] as [HostileRequest]) : [];
  await fc.assert(
    fc.asyncProperty(hostileRequests(route), async (req) => {
      const verdict = judge(route, req, caller);
      const bracket = mayWrite && verdict.verdict === 'maybe';
      if (bracket) await nothingWrittenSince('before a request its schemas accept');
      const res = await send(route, req, identity.token);
      stats.requests += 1;
      count(stats.byStatus, res.statusCode);
      count(stats.byPass, pass);
      count(stats.byVerdict, verdict.verdict);
      sinceCheck.push(`  ${res.statusCode} ${describeRequest(req)}`);
      checkAnswer(key, req, verdict, res);
      if (res.statusCode === 400 && res.json().data?.fields?.length) validationAnswers += 1;
      if (res.statusCode < 300) {
        await keepSignedIn(identity);
        if (bracket) {
          baseline = await dbFingerprint(t.ctx.db);
          sinceCheck = [];
        }
      }
    }),
    {
      seed: routeSeed(key),
      numRuns: numRuns + examples.length,
      examples,
      // The database changes as requests are answered, so shrinking would replay against another state:
      // report the request as generated (seed and path reproduce it).
      endOnFailure: true,
      reporter: (out) => {
        if (out.failed)
          throw new Error(
            `${key}: ${(out.errorInstance as Error | undefined)?.message ?? 'failed'}\n(seed ${out.seed}, path ${out.counterexamplePath})`,
          );
      },
    },
  );
  settled = await nothingWrittenSince('after the last request');
  return { validationAnswers };
}

function send(route: FuzzRoute, req: HostileRequest, token: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    [MQTT_AUTH_SECRET_HEADER]: MQTT_HTTP_AUTH_SECRET,
    ...req.extraHeaders,
    lang: req.lang,
    authorization: req.authorization === 'caller' ? `Bearer ${token}` : req.authorization,
  };
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  return t.app.inject({
    method: route.method,
    url: requestUrl(route.url, req),
    headers,
    // A fresh address per request: the per-IP limits of login and code sending are not under test here.
    remoteAddress: nextIp(),
    ...(route.method === 'POST' && req.payload !== undefined ? { payload: req.payload } : {}),
  });
}

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

function describeRequest(req: HostileRequest): string {
  const parts = [`[${req.kind}]`];
  if (Object.keys(req.params).length) parts.push(`params ${clip(JSON.stringify(req.params))}`);
  if (Object.keys(req.querystring).length) parts.push(`query ${clip(JSON.stringify(req.querystring))}`);
  if (req.payload !== undefined)
    parts.push(`body ${clip(JSON.stringify(req.payload))} as ${clip(req.contentType ?? '', 60)}`);
  if (req.authorization !== 'caller')
    parts.push(`authorization ${clip(JSON.stringify(req.authorization), 60)}`);
  if (req.lang !== 'en-GB') parts.push(`lang ${clip(JSON.stringify(req.lang), 60)}`);
  return parts.join(' ');
}

function checkAnswer(key: string, req: HostileRequest, verdict: Verdict, res: LightMyRequestResponse) {
  const status = res.statusCode;
  const where = `${key} ${describeRequest(req)}\n→ ${status} ${clip(res.body, 400)}\n(expected: ${verdict.why})`;
  expect(status, where).toBeLessThan(500);
  if (verdict.verdict !== 'maybe') expect(status, where).toBeGreaterThanOrEqual(400);
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (status < 300) {
    if (BROKER_SHAPED.has(key)) expect(['allow', 'deny'], where).toContain(res.json().result);
    else if (isJson) expect(res.json().code, where).toBe(status);
    return;
  }
  expect(isJson, where).toBe(true);
  const body = res.json() as {
    code: unknown;
    msg: unknown;
    data?: { fields?: { field: unknown; message: unknown }[] } | null;
  };
  expect(body.code, where).toBe(status);
  expect(typeof body.msg === 'string' && body.msg.trim().length > 0, where).toBe(true);
  expect(isMessageKey(String(body.msg)), `${where}\nmsg is an untranslated catalogue key`).toBe(false);
  expect('data' in body, where).toBe(true);
  const fields = body.data?.fields;
  if (status === 400 && fields) {
    expect(fields.length, where).toBeGreaterThan(0);
    for (const f of fields) {
      expect(typeof f.field === 'string' && f.field.length > 0, where).toBe(true);
      expect(typeof f.message === 'string' && f.message.length > 0, where).toBe(true);
    }
  }
  if (verdict.verdict === 'invalid') {
    expect(status, where).toBe(400);
    const reported = (fields ?? []).map((f) => String(f.field));
    expect(verdict.namesTheFields(reported), `${where}\nthe answer names ${JSON.stringify(reported)}`).toBe(
      true,
    );
  }
}

/** After an accepted request: if it ended the caller's session (log out, password), sign in again. */
async function keepSignedIn(identity: Identity) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/auth/user/getUserInfo',
    headers: { authorization: `Bearer ${identity.token}` },
  });
  if (res.statusCode === 401)
    identity.token = await t.login(
      identity.account,
      identity.account === 'admin' ? undefined : DEMO_PASSWORD,
    );
}

function routeSeed(key: string): number {
  let h = SEED | 0;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 16_777_619);
  return h | 0;
}

// ---------------------------------------------------------------------------------------------------------
// Valid requests to start from

interface Fixtures {
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
async function fixtures(): Promise<Fixtures> {
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
  fx: Fixtures,
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

function fuzzRoute(key: string, routeSchemas: RouteSchemas, fx: Fixtures): FuzzRoute {
  const [method, url] = key.split(' ') as ['GET' | 'POST', string];
  const access = accessOf.get(key)!;
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
