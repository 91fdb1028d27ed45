import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { addBody } from '../../test/plant-fixture.ts';

/** A path that moved keeps answering as a deprecated alias (docs/api-changelog.md). */
describe('former paths', () => {
  let t: TestApp;
  let session: string;
  let plantId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    session = await t.login('demo-installer-a');
    const added = await t.call('POST', '/station/station/add', { token: session, body: addBody() });
    expect(added.status, added.body.msg).toBe(200);
    plantId = added.body.data.id;
  });
  afterAll(() => t.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session}`, lang: 'en-GB' } });

  it('answers GET /station/station/:id as its successor does, with Deprecation, Sunset and Link', async () => {
    const [old, current] = [
      await get(`/station/station/${plantId}`),
      await get(`/station/station/detail/${plantId}`),
    ];
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual(current.json());
    expect(old.headers.deprecation).toBe(`@${Date.parse('2026-11-27T00:00:00Z') / 1000}`);
    expect(old.headers.sunset).toBe('Wed, 30 Jun 2027 23:59:59 GMT');
    expect(old.headers.link).toBe(`</station/station/detail/${plantId}>; rel="successor-version"`);
    expect(current.headers.deprecation).toBeUndefined();
  });

  it('keeps the successor’s access rules and headers on a refusal', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/system/role/1`, headers: { lang: 'en-GB' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers.sunset).toBeDefined();
  });

  it('does not take a verb path for an id: the other method still answers 405', async () => {
    const res = await get('/station/station/page');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});
