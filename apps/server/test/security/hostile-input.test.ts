import { ALL_ENDPOINTS } from '@pvstar/contract/endpoints/index';
import { MQTT_AUTH_SECRET_HEADER } from '@pvstar/contract/mqtt-auth';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/http/access.ts';
import { holdsAccess, isPluginRoute } from '../../src/http/pipeline.ts';
import { formerRoute } from '../../src/http/serve.ts';
import { BOOKKEEPING_TABLES, changedTables, dbFingerprint } from '../db-fingerprint.ts';
import {
  addUser,
  buildTestApp,
  DEMO_PASSWORD,
  MQTT_HTTP_AUTH_SECRET,
  nextIp,
  orgIdByName,
  type TestApp,
} from '../helper.ts';
import { checkAnswer, describeRequest } from './hostile-input/answer-check.ts';
import {
  everyFieldBroken,
  type FuzzRoute,
  type HostileRequest,
  hostileRequests,
  requestUrl,
} from './hostile-input/hostile-requests.ts';
import { collectRouteSchemas, REQUEST_PARTS, type RouteSchemas } from './hostile-input/route-schemas.ts';
import { fuzzFixtures, fuzzRoute } from './hostile-input/valid-requests.ts';
import { judge } from './hostile-input/verdict.ts';

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
/** A read-write API token of the admin: its token column (closed routes refuse before reading input). */
const TOKEN_RUNS = Math.max(3, Math.round(RUNS / 10));

/**
 * Routes that write on success without being flagged `write` (read-only accounts may call them): their
 * accepted requests are bracketed by fingerprints like a write route's.
 */
const WRITES_WITHOUT_WRITE_FLAG = new Set<string>([
  // Sends `params.read` to the device: a command row, though it changes nothing on the device.
  'POST /iot/remote/params/read',
]);

// The EMQX endpoints are on, and every request carries their secret, so that hostile input reaches them.
// Token limits high enough for the fuzzer's pace: the limits are not under test here.
const t: TestApp = await buildTestApp({
  MQTT_HTTP_AUTH_SECRET,
  API_TOKEN_PER_SECOND_LIMIT: '100000',
  API_TOKEN_MAX_PER_SECOND_LIMIT: '100000',
  API_TOKEN_DAILY_LIMIT: '100000000',
  API_TOKEN_MAX_DAILY_LIMIT: '100000000',
});
// A deprecated alias (an entry's former path) runs its target's route, which is fuzzed; its id matches
// digits only (a malformed one finds no route), so that a verb path cannot be taken for an id.
const aliases = new Set(
  ALL_ENDPOINTS.flatMap((e) => (e.formerPaths ?? []).map((f) => `${e.method} ${formerRoute(f.path)}`)),
);
const routeTable = t.app.routeTable.filter(
  (r) =>
    r.method !== 'HEAD' &&
    r.url !== '/' &&
    !isPluginRoute(r.url) &&
    r.access &&
    !aliases.has(`${r.method} ${r.url}`),
);
const routeKeys = routeTable.map((r) => `${r.method} ${r.url}`);
const accessOf = new Map(routeTable.map((r) => [`${r.method} ${r.url}`, r.access as Access]));

interface Identity {
  account: string;
  /** An API token rather than a session: only the routes whose `token` says so let it in. */
  apiToken?: boolean;
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
let settled: { fingerprint: Record<string, string>; skip: number } | undefined;

describe('hostile input on every route', () => {
  let schemas: Map<string, RouteSchemas>;
  let fuzzRoutes: Map<string, FuzzRoute>;
  const identities: Record<string, { main: Identity; self: Identity; fresh?: () => Promise<Identity> }> = {};

  beforeAll(async () => {
    schemas = await collectRouteSchemas(t.ctx);
    const fx = await fuzzFixtures(t);
    fuzzRoutes = new Map(
      routeKeys
        .filter((k) => schemas.has(k))
        .map((k) => [k, fuzzRoute(k, schemas.get(k)!, accessOf.get(k)!, fx)]),
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
    // A dangerous action (`stepUp`) needs a recent proof of presence: a fresh sign-in of a user with the same
    // role gives it (the main accounts' confirmations are locked by the fuzzer's wrong passwords by then).
    const fresh = (org: number, role: string) => async () => {
      const u = await addUser(t, { org, roles: [role], prefix: 'fuzzstep' });
      return signIn(u.username, DEMO_PASSWORD);
    };
    identities.admin = {
      main: await signIn('admin'),
      self: await signIn(adminSelf.username, DEMO_PASSWORD),
      fresh: fresh(root, 'PROVIDER_ADMIN'),
    };
    identities.installer = {
      main: await signIn('demo-installer-a'),
      self: await signIn(installerSelf.username, DEMO_PASSWORD),
      fresh: fresh(installerA, 'INSTALLER_ADMIN'),
    };
    const made = await t.call('POST', '/system/apiToken/add', {
      token: identities.admin.main.token,
      body: { name: 'Fuzzer', scope: 'READ_WRITE', perSecondLimit: 100_000, dailyLimit: 100_000_000 },
    });
    expect(made.status, made.body.msg).toBe(200);
    const apiToken = { ...identities.admin.main, token: made.body.data.token as string, apiToken: true };
    identities.token = { main: apiToken, self: apiToken };
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
    expect(
      refused,
      'give these fields a valid value in FIELD_EXAMPLES or routeValues (hostile-input/valid-requests.ts)',
    ).toEqual([]);
  });

  describe.each([
    ['admin', RUNS, RUNS_WITHOUT_INPUT],
    ['installer', INSTALLER_RUNS, Math.max(2, Math.round(RUNS_WITHOUT_INPUT / 2))],
    ['token', TOKEN_RUNS, 2],
  ] as const)('signed in as %s', (pass, runs, runsWithoutInput) => {
    it.each(routeKeys)('%s', async (key) => {
      const route = fuzzRoutes.get(key)!;
      const access = accessOf.get(key)!;
      const who = identities[pass]!;
      const dangerous = 'stepUp' in access && access.stepUp && who.fresh;
      const identity = dangerous ? await who.fresh!() : 'signedIn' in access ? who.self : who.main;
      // The stand-in's account is written before the route: its fingerprint is taken afresh.
      if (dangerous) settled = undefined;
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
  const caller = {
    permitted:
      (!('perm' in access) || holdsAccess(identity.perms, access)) &&
      // An API token only where the route's entry opens it (a read-write token may also write).
      (!identity.apiToken || ('token' in access && access.token !== undefined)),
  };
  const mayWrite =
    ('write' in access && access.write) ||
    (route.isPublic && route.method === 'POST') ||
    WRITES_WITHOUT_WRITE_FLAG.has(key);
  // A token's last use (api_tokens) is bookkeeping for the token pass, as sessions are for the others.
  const skip = identity.apiToken ? [...BOOKKEEPING_TABLES, 'api_tokens'] : BOOKKEEPING_TABLES;
  let baseline =
    (settled?.skip === skip.length ? settled.fingerprint : undefined) ??
    (await dbFingerprint(t.ctx.db, skip));
  settled = undefined;
  let sinceCheck: string[] = [];
  let validationAnswers = 0;
  const nothingWrittenSince = async (when: string) => {
    const now = await dbFingerprint(t.ctx.db, skip);
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
          baseline = await dbFingerprint(t.ctx.db, skip);
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
  settled = { fingerprint: await nothingWrittenSince('after the last request'), skip: skip.length };
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
