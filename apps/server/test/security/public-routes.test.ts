import { isMessageKey } from '@pvstar/contract/messages';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPluginRoute } from '../../src/http/pipeline.ts';
import { buildTestApp, nextIp, type TestApp } from '../helper.ts';
import { requestUrl } from './hostile-input/hostile-requests.ts';
import {
  collectRouteSchemas,
  inputJsonSchema,
  type Json,
  type REQUEST_PARTS,
  type RouteSchemas,
} from './hostile-input/route-schemas.ts';
import { schemaShaped } from './hostile-input/valid-values.ts';

/**
 * Every public route (no session needed, so anyone on the Internet can send it), fed requests of the
 * shape its schemas accept with anything inside the declared lengths: a sign-in name of 65 or 254
 * characters, registered or not, once failed the audit insert with a 500 while a short one answered 400,
 * which told registered from unregistered accounts. The property: never 5xx, always the envelope.
 * FUZZ_RUNS requests per route (default 40, a few seconds in all).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let t: TestApp;
let schemas: Map<string, RouteSchemas>;
beforeAll(async () => {
  t = await buildTestApp();
  schemas = await collectRouteSchemas(t.ctx);
});
afterAll(() => t.close());

/** Values a JSON Schema cannot say; each also gets random text of its shape. */
const EXAMPLES: Record<string, Json> = {
  loginType: 'password',
  contactType: 'EMAIL',
  purpose: 'LOGIN',
  account: 'admin',
  agree: true,
  // The invitation's acceptance (the owner's consent to share the plant's data).
  consent: true,
};

describe('public routes', () => {
  const publicRoutes = () =>
    t.app.routeTable.filter(
      (r) =>
        r.method !== 'HEAD' && r.url !== '/' && !isPluginRoute(r.url) && r.access && 'public' in r.access,
    );

  it('are the sign-in, registration, code and start-up routes', () => {
    const keys = publicRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('POST /auth/user/login');
    expect(keys.length).toBeGreaterThanOrEqual(8);
  });

  it('never answer 5xx to input of the accepted shape, and always with the envelope', async () => {
    let sent = 0;
    for (const route of publicRoutes()) {
      const key = `${route.method} ${route.url}`;
      const routeSchemas = schemas.get(key);
      expect(routeSchemas, key).toBeDefined();
      const part = (p: (typeof REQUEST_PARTS)[number]) =>
        routeSchemas![p] ? schemaShaped(inputJsonSchema(routeSchemas![p]!), EXAMPLES) : fc.constant({});
      const request = fc.record({
        params: part('params'),
        querystring: part('querystring'),
        body: part('body'),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, querystring, body }) => {
          const text = (v: Json) =>
            Object.fromEntries(
              Object.entries((v ?? {}) as Record<string, Json>).map(([k, x]) => [
                k,
                typeof x === 'string' ? x : JSON.stringify(x),
              ]),
            );
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: requestUrl(route.url, { params: text(params), querystring: text(querystring) }),
            remoteAddress: nextIp(),
            headers: { lang: 'en-GB' },
            ...(route.method === 'POST' ? { payload: body as object } : {}),
          });
          sent += 1;
          const where = `${key} ${JSON.stringify({ params, querystring, body }).slice(0, 400)}`;
          expect(res.statusCode, `${where}\n→ ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const envelope = res.json();
            expect(envelope.code, where).toBe(res.statusCode);
            expect(isMessageKey(envelope.msg), `${where}: untranslated ${envelope.msg}`).toBe(false);
          }
        }),
        { seed: 20_261_125, numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThan(RUNS * 8 - 1);
  });
});
