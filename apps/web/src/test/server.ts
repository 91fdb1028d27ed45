import type { Endpoint } from '@pvstar/contract/endpoint';
import { vi } from 'vitest';

/** What a component's call received: the endpoint's method and path, its query and its JSON body. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = unknown | ((received: Received) => unknown);

/**
 * Answers the component's calls at the network boundary (`fetch`), endpoint by endpoint, in the API's
 * envelope; a call nobody answers is a 404 envelope, so a forgotten answer shows in the test. Returns the
 * calls received, in order. `{ code, msg }` from a function answers with that failure instead.
 */
export function answer(answers: [Endpoint, Answer][]) {
  const received: Received[] = [];
  const byRoute = new Map(answers.map(([ep, data]) => [`${ep.method} ${ep.path}`, data]));
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Received = { method, path: url.pathname, query: url.searchParams, body };
    received.push(call);
    const route = [...byRoute.keys()].find((key) => matches(key, `${method} ${url.pathname}`));
    if (!route) return json({ code: 404, msg: `no answer for ${method} ${url.pathname}`, data: null });
    const given = byRoute.get(route);
    const data = typeof given === 'function' ? await (given as (r: Received) => unknown)(call) : given;
    if (isFailure(data)) return json({ ...data, data: data.data ?? null });
    return json({ code: 200, msg: 'success', data });
  });
  vi.stubGlobal('fetch', fetch);
  return received;
}

/** A failed answer for `answer`: `fail(400, 'Bad name', { fields: [...] })`. */
export const fail = (code: number, msg: string, data: unknown = null) => ({
  failure: true as const,
  code,
  msg,
  data,
});

const isFailure = (x: unknown): x is { code: number; msg: string; data?: unknown } =>
  typeof x === 'object' && x !== null && (x as { failure?: boolean }).failure === true;

/** `/system/org/detail/:id` matches `/system/org/detail/7`. */
function matches(pattern: string, actual: string) {
  const re = new RegExp(`^${pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return re.test(actual);
}

const json = (envelope: { code: number; msg: string; data: unknown }) =>
  new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
