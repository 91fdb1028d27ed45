import autocannon from 'autocannon';
import { addDays } from '../apps/server/src/domain/calendar.ts';
import { md5 } from '../apps/server/src/lib/crypto.ts';
import { type ApiFleet, alarmFilter } from './api-fleet.ts';

/** The API benchmark's endpoints, its sign-in and one endpoint's closed-loop load (also bench:fleet's and bench:dashboard's accounts). */

export const ADMIN_PASSWORD = 'Admin1234!';
export const DEMO_PASSWORD = 'Demo1234';
/** The accounts of the demo tree the load signs in as. */
export const DEALER_USER = 'demo-dealer';
export const INSTALLER_USER = 'demo-installer-a';

export interface Endpoint {
  /** Short name for ONLY=… */
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Which signed-in user asks; none for a public route. */
  as?: 'dealer' | 'installer';
}

/** The calls under load: what the plant list, dashboard, statistics, alert center and plant detail read. */
export function endpoints(fleet: ApiFleet): Endpoint[] {
  const plant = fleet.firstPlantId;
  const page = '?pageNum=1&pageSize=10';
  return [
    { key: 'health', name: 'trivial route (GET /health, no database)', method: 'GET', path: '/health' },
    {
      key: 'list-dealer',
      name: 'plant list, dealer',
      method: 'POST',
      path: `/station/station/page${page}`,
      body: {},
      as: 'dealer',
    },
    {
      key: 'list-dealer-power',
      name: 'plant list, dealer, sorted by power now',
      method: 'POST',
      path: `/station/station/page${page}&orderBy=currentPower&order=descend`,
      body: {},
      as: 'dealer',
    },
    {
      key: 'list-installer',
      name: 'plant list, installer',
      method: 'POST',
      path: `/station/station/page${page}`,
      body: {},
      as: 'installer',
    },
    {
      key: 'dashboard-dealer',
      name: 'dashboard, dealer',
      method: 'GET',
      path: '/station/dashboard',
      as: 'dealer',
    },
    {
      key: 'dashboard-installer',
      name: 'dashboard, installer',
      method: 'GET',
      path: '/station/dashboard',
      as: 'installer',
    },
    {
      key: 'trend',
      name: '365-day trend of a plant',
      method: 'POST',
      path: '/station/station/energy',
      body: { id: plant, dateType: 'date', from: addDays(fleet.today, -364), to: fleet.today },
      as: 'dealer',
    },
    {
      key: 'alarms',
      name: 'alarm list, dealer (level + status + last month)',
      method: 'POST',
      path: `/iot/alarm/page${page}`,
      body: alarmFilter(fleet.today),
      as: 'dealer',
    },
    {
      key: 'detail-info',
      name: 'plant detail: information',
      method: 'GET',
      path: `/station/station/detail/${plant}`,
      as: 'dealer',
    },
    {
      key: 'detail-overview',
      name: 'plant detail: overview',
      method: 'GET',
      path: `/station/station/overview/${plant}`,
      as: 'dealer',
    },
    {
      key: 'detail-curve',
      name: 'plant detail: power curve of today',
      method: 'GET',
      path: `/station/station/powerCurve/${plant}`,
      as: 'dealer',
    },
  ];
}

export type Tokens = Record<'dealer' | 'installer', string>;

const headersOf = (ep: Endpoint, tokens: Tokens): Record<string, string> => ({
  ...(ep.body === undefined ? {} : { 'content-type': 'application/json' }),
  ...(ep.as ? { authorization: `Bearer ${tokens[ep.as]}` } : {}),
});

/** Success as the load counts it: the envelope's code (the serializer writes it first) is 200. */
const isSuccessBody = (body: unknown) => String(body).startsWith('{"code":200,');

/** One call over HTTP; throws unless it answers 200 with envelope code 200. Returns `data`. */
export async function ask<T = unknown>(base: string, ep: Endpoint, tokens: Tokens): Promise<T> {
  const res = await fetch(base + ep.path, {
    method: ep.method,
    headers: headersOf(ep, tokens),
    body: ep.body === undefined ? undefined : JSON.stringify(ep.body),
  });
  const text = await res.text();
  if (res.status !== 200 || !isSuccessBody(text))
    throw new Error(`${ep.name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).data as T;
}

/** Signs in the dealer and installer A of the demo tree. */
export async function signIn(base: string): Promise<Tokens> {
  const login = (account: string) =>
    ask<string>(
      base,
      {
        key: 'sign-in',
        name: `sign-in ${account}`,
        method: 'POST',
        path: '/auth/user/login',
        body: { account, password: md5(DEMO_PASSWORD), loginType: 'password', agree: true },
      },
      { dealer: '', installer: '' },
    );
  return { dealer: await login(DEALER_USER), installer: await login(INSTALLER_USER) };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, bodies without code 200, connection errors and timeouts. */
  errors: number;
  requests: number;
}

/** Closed loop on one endpoint: `connections` connections, one request in flight on each. */
export async function loadOne(
  base: string,
  ep: Endpoint,
  tokens: Tokens,
  opts: { connections: number; seconds: number },
): Promise<LoadResult> {
  const r = await autocannon({
    url: base + ep.path,
    method: ep.method,
    headers: headersOf(ep, tokens),
    ...(ep.body === undefined ? {} : { body: JSON.stringify(ep.body) }),
    connections: opts.connections,
    pipelining: 1,
    duration: opts.seconds,
    verifyBody: isSuccessBody,
  });
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    // Every answer goes through verifyBody, so a non-2xx answer is a mismatch too.
    errors: Math.max(r.non2xx, r.mismatches) + r.errors,
    requests: r.requests.total,
  };
}
