import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from './contract-check.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/** The test apps' check of every answer against the OpenAPI document (contract-check.ts). */
describe('the answers’ check against the document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const answer = (url: string | undefined, status: number, body: unknown, method = 'GET') =>
    check(t.app, {
      method,
      url,
      status,
      type: 'application/json; charset=utf-8',
      payload: JSON.stringify(body),
    });
  const node = { id: 1, name: 'A', type: 'DEALER', status: 'NORMAL', children: [] };

  it('accepts what the document says, recursive trees and error envelopes included', () => {
    expect(
      answer('/station/station/orgTree', 200, {
        code: 200,
        msg: 'ok',
        data: [{ ...node, children: [node] }],
      }),
    ).toBeNull();
    expect(answer('/station/station/orgTree', 403, { code: 403, msg: 'no', data: null })).toBeNull();
    const fields = { fields: [{ field: 'id', message: 'bad' }] };
    expect(
      answer('/station/station/detail/:id', 400, { code: 400, msg: 'id: bad', data: fields }),
    ).toBeNull();
    expect(answer(undefined, 404, { code: 404, msg: 'No such route', data: null })).toBeNull();
  });

  it('names an undocumented status, a missing or mistyped field deep in a tree, an extra field', () => {
    expect(answer('/station/station/orgTree', 418, { code: 418, msg: '', data: null })).toMatch(
      /not documented/,
    );
    const deep = { ...node, children: [{ ...node, id: 'two' }] };
    expect(answer('/station/station/orgTree', 200, { code: 200, msg: 'ok', data: [deep] })).toMatch(
      /\/data\/0\/children\/0\/id must be number/,
    );
    expect(
      answer('/station/station/orgTree', 200, { code: 200, msg: 'ok', data: [{ ...node, extra: 1 }] }),
    ).toMatch(/additional properties/);
    expect(answer('/station/station/orgTree', 400, { code: 400, msg: 'x', data: { fields: 'id' } })).toMatch(
      /\/data\/fields must be array/,
    );
  });
});
