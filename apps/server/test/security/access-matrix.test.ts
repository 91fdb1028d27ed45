import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../src/lib/crypto.ts';
import { BOOKKEEPING_TABLES, changedTables, dbFingerprint } from '../db-fingerprint.ts';
import { addRole, addUser, buildTestApp, MQTT_HTTP_AUTH_SECRET, type TestApp } from '../helper.ts';
import { tokenOf } from './access-matrix/api-tokens.ts';
import {
  type CallContext,
  coverage,
  EXPORT_CODES,
  MATRIX,
  type MatrixEntry,
  type Status,
} from './access-matrix.ts';
import {
  type Caller,
  type Callers,
  COLUMNS,
  type Column,
  freshSession,
  signInCallers,
  twinOf,
} from './fixtures/callers.ts';
import { type Req, send } from './fixtures/route-call.ts';
import { buildFixtures, type Fixtures, type Side } from './fixtures/sides.ts';

/**
 * The permission matrix, run: every route × every caller gets the status the matrix says, on objects of
 * installer A (main run) and, mirrored, on objects of installer B. Refused calls write nothing; lists,
 * exports and reports of the sibling installers contain none of the side's objects.
 */

let t: TestApp;
let dataDir: string;
let fx: Fixtures;
let callers: Callers;
/** Routes of dangerous actions (`stepUp` in the endpoint table). */
let stepUpRoutes: Set<string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-matrix-'));
  // The EMQX endpoints are on, so that the matrix reaches them (their own test covers them off).
  t = await buildTestApp({ DATA_DIR: dataDir, MQTT_HTTP_AUTH_SECRET });
  fx = await buildFixtures(t);
  callers = await signInCallers(t);
  stepUpRoutes = new Set(
    t.app.routeTable
      .filter((r) => (r.access as { stepUp?: boolean } | undefined)?.stepUp)
      .map((r) => `${r.method} ${r.url}`),
  );
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  route: string;
  as: Caller;
  column: Column;
  expected: Status;
  status: number;
  text: string;
}
interface Run {
  outcomes: Outcome[];
  failures: string[];
  /** Tables the refused calls wrote to (should be none), with the routes that did it. */
  written: string[];
}

const isAllowed = (s: Status) => s === 200 || s === 302;
const split = (route: string) => {
  const i = route.indexOf(' ');
  return { method: route.slice(0, i), url: route.slice(i + 1) };
};
const brief = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);

/** How a run calls: by default each caller's session, judged by the matrix's own statuses. */
interface RunOptions {
  /** The bearer credential a caller's calls carry (the token run: an API token of the caller). */
  credential?: (as: Caller) => string | null;
  /** The status expected of a caller on a route. */
  expected?: (entry: MatrixEntry, column: Column, as: Caller) => Status;
  /** Tables refused calls may write to besides the bookkeeping ones (a token's last use). */
  bookkeeping?: readonly string[];
}

/**
 * Runs the matrix on one side's objects for the given callers, each judged by a column of the matrix.
 * First every refused call (and, for GET routes, the same call as HEAD) between two fingerprints of the
 * database; then the allowed calls, in the matrix's order.
 */
async function runMatrix(side: Side, assign: [Caller, Column][], opts: RunOptions = {}): Promise<Run> {
  const expectOf = (entry: MatrixEntry, column: Column, as: Caller) =>
    opts.expected ? opts.expected(entry, column, as) : entry.expect[column];
  const credentialOf = (as: Caller) => (opts.credential ? opts.credential(as) : callers[as].token);
  const skip = [...BOOKKEEPING_TABLES, ...(opts.bookkeeping ?? [])];
  const outcomes: Outcome[] = [];
  const failures: string[] = [];
  const headRoutes = new Set(t.app.routeTable.filter((r) => r.method === 'HEAD').map((r) => r.url));
  const context = (entry: MatrixEntry, as: Caller, column: Column, caller = callers[as]): CallContext => ({
    t,
    fx,
    side,
    as,
    allowed: isAllowed(expectOf(entry, column, as)),
    caller,
  });
  const check = (
    entry: MatrixEntry,
    method: string,
    as: Caller,
    column: Column,
    status: number,
    text: string,
  ) => {
    const expected = expectOf(entry, column, as);
    outcomes.push({ route: `${method} ${split(entry.route).url}`, as, column, expected, status, text });
    if (status !== expected)
      failures.push(
        `${method} ${split(entry.route).url} as ${as}: expected ${expected}, got ${status} ${brief(text)}`,
      );
    else if (expected === 200 && text.startsWith('{"code":') && !text.startsWith('{"code":200'))
      failures.push(`${entry.route} as ${as}: HTTP 200 with envelope ${brief(text)}`);
  };

  // Refused calls: requests are built first (building one may write, e.g. a code), then sent in one batch.
  type Refused = { entry: MatrixEntry; as: Caller; column: Column; req: Req };
  const buildRefused = async (entries: MatrixEntry[]) => {
    const list: Refused[] = [];
    for (const entry of entries)
      for (const [as, column] of assign)
        if (!isAllowed(expectOf(entry, column, as)))
          list.push({ entry, as, column, req: await entry.request(context(entry, as, column)) });
    return list;
  };
  const sendRefused = async (list: Refused[], record: boolean) => {
    for (const { entry, as, column, req } of list) {
      const { method, url } = split(entry.route);
      const res = await send(t, method, url, req, credentialOf(as));
      if (record) check(entry, method, as, column, res.status, res.text);
      if (method === 'GET' && headRoutes.has(url)) {
        const head = await send(t, 'HEAD', url, req, credentialOf(as));
        if (record) check(entry, 'HEAD', as, column, head.status, head.text);
      }
    }
  };
  const refused = await buildRefused(MATRIX);
  const before = await dbFingerprint(t.ctx.db, skip);
  await sendRefused(refused, true);
  const changed = changedTables(before, await dbFingerprint(t.ctx.db, skip));
  const written: string[] = [];
  if (changed.length) {
    // Find the routes that wrote: each route's refused calls again (fresh requests), alone.
    for (const entry of new Set(refused.map((r) => r.entry))) {
      const again = await buildRefused([entry]);
      const pre = await dbFingerprint(t.ctx.db, skip);
      await sendRefused(again, false);
      const tables = changedTables(pre, await dbFingerprint(t.ctx.db, skip));
      if (tables.length) written.push(`${entry.route}: ${tables.join(', ')}`);
    }
    if (!written.length) written.push(`unattributed: ${changed.join(', ')}`);
  }

  // Allowed calls, by the caller itself or, where the route ends the session or the account, a stand-in.
  for (const entry of MATRIX)
    for (const [as, column] of assign) {
      if (!isAllowed(expectOf(entry, column, as))) continue;
      if (opts.credential && entry.by) {
        failures.push(
          `${entry.route} as ${as}: a route that ends the session or the account opened to a token`,
        );
        continue;
      }
      const caller =
        entry.by === 'twin'
          ? await twinOf(t, callers[as])
          : entry.by === 'freshSession'
            ? await freshSession(t, callers[as])
            : callers[as];
      const c = context(entry, as, column, caller);
      await entry.prepare?.(c);
      // A dangerous action needs a recent proof of presence: the caller gives it, as the web asks for it
      // (the sign-in counts too, but the matrix's sessions are minutes old by now).
      if (stepUpRoutes.has(entry.route) && caller.token && !opts.credential)
        await send(
          t,
          'POST',
          '/auth/user/stepUp',
          { body: { password: md5(caller.password) } },
          caller.token,
        );
      const { method, url } = split(entry.route);
      const res = await send(
        t,
        method,
        url,
        await entry.request(c),
        opts.credential ? credentialOf(as) : caller.token,
      );
      check(entry, method, as, column, res.status, res.text);
    }

  // What a list, export or report shows of the side: in its own installer's answer (or the admin's),
  // never in the other installer's nor in the neighbouring owner's.
  // (Not in a token run for routes closed to tokens: there no column sees the side.)
  for (const entry of MATRIX.filter((e) => e.hides && !(opts.credential && e.token === 'none'))) {
    const of = (column: Column) => outcomes.find((o) => o.route === entry.route && o.column === column);
    const own = [of('installerA'), of('admin')].find((o) => o?.status === 200);
    const siblings = (['installerB', 'bAll', 'neighbour'] as Column[])
      .map(of)
      .filter((o) => o?.status === 200);
    for (const marker of entry.hides!(side)) {
      if (!own?.text.includes(marker))
        failures.push(
          `${entry.route}: the side's own answer does not show "${marker}", so hiding it proves nothing`,
        );
      for (const o of siblings)
        if (o!.text.includes(marker))
          failures.push(`${entry.route} as ${o!.as}: shows "${marker}", which is another tenant's`);
    }
  }
  return { outcomes, failures, written };
}

describe('the permission matrix', () => {
  it('has exactly one entry for every route of the route table', () => {
    const { missing, stale, duplicated } = coverage(t.app.routeTable);
    expect(missing, 'routes without an entry in access-matrix.ts').toEqual([]);
    expect(stale, 'entries without a route').toEqual([]);
    expect(duplicated).toEqual([]);
    expect(MATRIX.length).toBeGreaterThan(100);
  });

  it('has a token column for every route that is not public, as the route table serves it', () => {
    const served = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    const disagree = MATRIX.flatMap((e) => {
      const access = served.get(e.route) as { public?: true; token?: string } | undefined;
      if (!access) return [];
      const want = access.public ? undefined : (access.token ?? 'none');
      return e.token === want ? [] : [`${e.route}: matrix ${e.token}, table ${want}`];
    });
    expect(disagree).toEqual([]);
  });

  it('fails a new route that has no entry, and an entry whose route is gone', () => {
    const table = [
      ...t.app.routeTable,
      { method: 'POST', url: '/iot/device/wipe', access: { perm: '2002' } },
    ];
    expect(coverage(table).missing).toEqual(['POST /iot/device/wipe']);
    const withoutHealth = t.app.routeTable.filter((r) => r.url !== '/health');
    expect(coverage(withoutHealth).stale).toEqual(['GET /health']);
  });

  it('opens an export only to a role that holds its list’s code too', async () => {
    const exports = t.app.routeTable
      .filter((r) => r.url.endsWith('/export'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(Object.keys(EXPORT_CODES).sort(), 'every export route has an entry in EXPORT_CODES').toEqual(
      exports,
    );
    const failures: string[] = [];
    for (const [route, { code, list, alone }] of Object.entries(EXPORT_CODES)) {
      const entry = MATRIX.find((e) => e.route === route)!;
      for (const [perms, expected] of [
        [[code], alone],
        [[code, list], 200],
      ] as const) {
        const role = await addRole(t, { org: 'Solartechnik Alpha', perms: [...new Set(perms)] });
        const u = await addUser(t, { org: 'Solartechnik Alpha', roles: [role], prefix: 'export' });
        const caller = { ...callers.installerA, username: u.username, token: await t.login(u.username) };
        const req = await entry.request({
          t,
          fx,
          side: fx.a,
          as: 'installerA',
          allowed: expected === 200,
          caller,
        });
        const { method, url } = split(route);
        const res = await send(t, method, url, req, caller.token);
        if (res.status !== expected)
          failures.push(`${route} with ${perms.join('+')}: expected ${expected}, got ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  let main: Run;
  it("answers every route as the matrix says for every caller, on installer A's objects", async () => {
    main = await runMatrix(
      fx.a,
      COLUMNS.map((c) => [c, c]),
    );
    // `written`: refused calls that wrote to the database anyway.
    expect({ failures: main.failures, written: main.written }).toEqual({ failures: [], written: [] });
    expect(main.outcomes.length).toBeGreaterThan(MATRIX.length * COLUMNS.length);
  }, 120_000);

  it("answers installer A on installer B's objects as it answers B on A's", async () => {
    // By symmetry: A (and A's all-codes user) stand where B (and bAll) stood, B where A stood.
    mirror = await runMatrix(fx.b, [
      ['admin', 'admin'],
      ['installerB', 'installerA'],
      ['installerA', 'installerB'],
      ['aAll', 'bAll'],
    ]);
    expect({ failures: mirror.failures, written: mirror.written }).toEqual({ failures: [], written: [] });
  }, 120_000);

  it("gives installer A 404 for B's exports, reports, downloads and device commands", () => {
    const routes = [
      'POST /station/report/energy/export',
      'POST /station/report/alarm/export',
      'POST /station/report/energy',
      'GET /file/pictures/:name',
      'GET /iot/device/detail',
      'POST /iot/remote/params/read',
      'POST /iot/remote/params/write',
      'POST /station/station/dongle/resetSecret',
      'POST /iot/upgrade/candidates',
      'POST /iot/upgrade/task/add',
      'POST /iot/upgrade/task/pause',
    ];
    const statuses = (as: Caller) =>
      routes.map((r) => ({
        r,
        status: mirror.outcomes.find((o) => o.route === r && o.as === as)?.status,
      }));
    // Installer A's own role has no upgrade codes (403); its all-codes user reaches the data scope (404).
    expect(statuses('installerA')).toEqual(
      routes.map((r) => ({ r, status: r.startsWith('POST /iot/upgrade') ? 403 : 404 })),
    );
    expect(statuses('aAll')).toEqual(routes.map((r) => ({ r, status: 404 })));
  });
  // Last of the matrix's runs: a token's calls may end the sessions the other runs sign in with (a token
  // has no session of its own to spare, e.g. when an organisation starts to require two-factor sign-in).
  it('gives an API token of every caller what its token column says: 403 where tokens are closed and, read-only, on writes', async () => {
    // Read-write tokens for some columns, read-only ones for the others (the demo login's user is
    // read-only anyway): one run covers both kinds of token on every route.
    const readOnly = new Set<Caller>(['dealer', 'installerB', 'neighbour', 'guest', 'bAll']);
    const tokens = new Map<Caller, string | null>();
    for (const c of COLUMNS)
      tokens.set(
        c,
        callers[c].username
          ? await tokenOf(t, callers[c].username, readOnly.has(c) ? 'READ_ONLY' : 'READ_WRITE')
          : null,
      );
    const run = await runMatrix(
      fx.a,
      COLUMNS.map((c) => [c, c]),
      {
        credential: (as) => tokens.get(as) ?? null,
        bookkeeping: ['api_tokens'],
        expected: (entry, column, as) => {
          const session = entry.expect[column];
          if (!entry.token || session === 401) return session;
          if (entry.token === 'none') return 403;
          if (entry.token === 'write' && readOnly.has(as)) return 403;
          return session;
        },
      },
    );
    expect({ failures: run.failures, written: run.written }).toEqual({ failures: [], written: [] });
    // Never more than the session: every status a token got that the session did not get is a refusal.
    const widened = run.outcomes.filter(
      (o) =>
        isAllowed(o.status as Status) &&
        !isAllowed(
          MATRIX.find((e) => `${o.route}` === e.route || o.route === `HEAD ${e.route.split(' ')[1]}`)?.expect[
            o.column
          ] ?? 401,
        ),
    );
    expect(widened.map((o) => `${o.route} as ${o.as}`)).toEqual([]);
    const closed = run.outcomes.filter((o) => MATRIX.find((e) => e.route === o.route)?.token === 'none');
    expect(closed.length).toBeGreaterThan(60 * COLUMNS.length);
    expect(closed.every((o) => o.status === 403 || o.status === 401)).toBe(true);
  }, 400_000);

  let mirror: Run;
});

describe('requests that mix objects of both installers', () => {
  it('answer 404 (403 for a role of the other installer) and change nothing, not even the own objects', async () => {
    const { a, b } = fx;
    const calls: { as: Caller; route: string; req: Req; expected: number }[] = [
      {
        as: 'installerB',
        route: 'POST /iot/alarm/acknowledge',
        req: { body: { ids: [b.alarmId, a.alarmId] } },
        expected: 404,
      },
      {
        as: 'installerB',
        route: 'POST /iot/alarm/close',
        req: { body: { ids: [b.alarmId, a.alarmId], comment: 'Both' } },
        expected: 404,
      },
      {
        as: 'installerB',
        route: 'POST /station/report/energy',
        req: { body: { dateType: 'month', plantIds: [b.plant.id, a.plant.id] } },
        expected: 404,
      },
      {
        as: 'installerB',
        route: 'POST /station/report/alarm/export',
        req: { body: { dateType: 'month', plantIds: [b.plant.id, a.plant.id] } },
        expected: 404,
      },
      {
        as: 'installerB',
        route: 'POST /station/station/edit',
        req: { body: { ...b.plant.body, id: b.plant.id, contactInformation: '', orgId: a.org.id } },
        expected: 404,
      },
      {
        as: 'installerB',
        route: 'POST /system/user/edit',
        req: {
          body: { id: b.employee.id, orgId: a.org.id, nickname: 'Moved', roleIds: [fx.installerRoleId] },
        },
        expected: 404,
      },
      {
        as: 'installerB',
        route: 'POST /system/user/add',
        req: {
          body: {
            orgId: b.org.id,
            username: 'mixedrole',
            nickname: 'Mixed',
            email: 'mixedrole@test.pvstar.local',
            roleIds: [a.role.id],
          },
        },
        expected: 403,
      },
      {
        as: 'bAll',
        route: 'POST /iot/upgrade/task/add',
        req: { body: { name: 'Mixed', programId: b.program.id, targetIds: [b.inverter.id, a.inverter.id] } },
        expected: 404,
      },
      {
        as: 'bAll',
        route: 'POST /system/org/edit',
        req: {
          body: {
            id: b.org.id,
            name: b.org.name,
            type: 'INSTALLER',
            parentId: a.org.id,
            address: b.org.address,
          },
        },
        expected: 404,
      },
    ];
    const before = await dbFingerprint(t.ctx.db);
    const got = [];
    for (const c of calls) {
      const [method, url] = c.route.split(' ') as [string, string];
      const res = await send(t, method, url, c.req, callers[c.as].token);
      got.push({ route: c.route, as: c.as, status: res.status });
    }
    expect(got).toEqual(calls.map((c) => ({ route: c.route, as: c.as, status: c.expected })));
    expect(changedTables(before, await dbFingerprint(t.ctx.db))).toEqual([]);
  });
});
