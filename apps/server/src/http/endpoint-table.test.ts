import { ALL_ENDPOINTS } from '@pvstar/contract/endpoints/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { isPluginRoute } from './pipeline.ts';
import { formerRoute } from './serve.ts';

describe('the server serves exactly the contract endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const served = () =>
    t.app.routeTable.filter((r) => r.method !== 'HEAD' && !isPluginRoute(r.url) && r.url !== '/');

  it('serves every endpoint of the table with the access its entry declares', () => {
    const byRoute = new Map(served().map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const endpoint of ALL_ENDPOINTS) {
      const route = `${endpoint.method} ${endpoint.path}`;
      expect(byRoute.has(route), `${endpoint.operationId}: ${route} is not served`).toBe(true);
      expect(byRoute.get(route), route).toEqual(endpoint.access);
    }
  });

  it('serves the former paths of an entry as deprecated aliases with the same access', () => {
    const byRoute = new Map(served().map((r) => [`${r.method} ${r.url}`, r.access]));
    const formers = ALL_ENDPOINTS.flatMap((e) => (e.formerPaths ?? []).map((f) => ({ e, f })));
    expect(formers.length).toBeGreaterThan(0);
    for (const { e, f } of formers) {
      const route = `${e.method} ${formerRoute(f.path)}`;
      expect(byRoute.get(route), route).toEqual(e.access);
    }
  });

  it('serves no route outside the table', () => {
    const inTable = new Set(
      ALL_ENDPOINTS.flatMap((e) => [
        `${e.method} ${e.path}`,
        ...(e.formerPaths ?? []).map((f) => `${e.method} ${formerRoute(f.path)}`),
      ]),
    );
    const outside = served()
      .filter((r) => !inTable.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(outside).toEqual([]);
  });
});
