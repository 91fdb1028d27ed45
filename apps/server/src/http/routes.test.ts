import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

describe('route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives every route a permission code, a signed-in marker or an explicit public marker', () => {
    const missing = t.app.routeTable.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(30);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const closed = t.app.routeTable.filter((r) => r.access && !('public' in r.access) && r.method !== 'HEAD');
    expect(closed.length).toBeGreaterThan(25);
    for (const route of closed) {
      // A parameter's pattern (a former path's `:id(^\d+$)`) goes with it.
      const url = route.url.replace(/:(\w+)(\([^)]*\))?/g, '1');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 401 });
    }
  });

  it('answers an unknown token with 401 too', async () => {
    const res = await t.call('GET', '/auth/user/getUserInfo', { token: 'not-a-token' });
    expect(res.status).toBe(401);
  });
});
