import type { AddressInfo } from 'node:net';
import { createPvstarClient, PvstarApiError } from '@pvstar/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlantDay } from '../../../examples/plant-day.ts';
import { buildTestApp, type TestApp, unique } from './helper.ts';
import { addBody } from './plant-fixture.ts';

/**
 * The integrators' example (examples/plant-day.ts) through the SDK (packages/sdk) against a real server
 * on a port: an API token of a seeded user reads a plant's day; errors arrive typed, and a 429 with
 * Retry-After is waited out.
 */
describe('the SDK example against a running server', () => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let plantId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const session = await t.login('demo-installer-a');
    const made = await t.call('POST', '/system/apiToken/add', {
      token: session,
      body: { name: unique('SDK example '), scope: 'READ_ONLY' },
    });
    expect(made.status, made.body.msg).toBe(200);
    token = made.body.data.token;
    const added = await t.call('POST', '/station/station/add', { token: session, body: addBody() });
    expect(added.status, added.body.msg).toBe(200);
    plantId = added.body.data.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('reads a plant’s day with an API token', async () => {
    const day = await readPlantDay({ baseUrl, token, plantId });
    expect(day.plant).toEqual(expect.any(String));
    expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(day.points).toBeGreaterThanOrEqual(0);
    expect(day.generation).toEqual(expect.any(Number));
  });

  it('throws typed errors: the status, the localised message and the fields', async () => {
    const client = createPvstarClient({ baseUrl, token, lang: 'de-DE' });
    const refused = await client
      .post('/station/station/energy', { body: { id: plantId, dateType: 'decade' as 'date' } })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PvstarApiError);
    expect((refused as PvstarApiError).status).toBe(400);
    expect((refused as PvstarApiError).fields.map((f) => f.field)).toContain('dateType');
    // A read-only token may not write.
    const write = await client
      .post('/station/station/edit', { body: { id: plantId } as never })
      .catch((err: unknown) => err);
    expect((write as PvstarApiError).status).toBe(403);
    expect((write as PvstarApiError).requestId).toEqual(expect.any(String));
  });

  it('waits out a 429 with Retry-After and then succeeds', async () => {
    let calls = 0;
    const client = createPvstarClient({
      baseUrl,
      token,
      fetch: async (request) => {
        calls += 1;
        if (calls === 1)
          return new Response('{"code":429,"msg":"later","data":null}', {
            status: 429,
            headers: { 'Retry-After': '0' },
          });
        return fetch(request);
      },
    });
    const info = await client.get('/auth/user/getUserInfo');
    expect(calls).toBe(2);
    expect(info).toBeTruthy();
  });
});
