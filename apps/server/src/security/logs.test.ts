import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/** Structured logs: one JSON object per line, each request's lines tied together by its id. */
describe('request logs and the audit log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp({}, { log: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t.close());

  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('answers with the request id and logs the request and its outcome under it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
    const logged = linesOf('lb-7f3a.42');
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/health' } });
    expect(logged[1]).toMatchObject({ res: { statusCode: 200 } });
    expect(typeof logged[1]!.responseTime).toBe('number');
  });

  it('gives a request without an id, or with one that is not a plain token, a fresh one', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': `x"}\n{"level":60,"msg":"forged${'a'.repeat(100)}` },
    });
    for (const res of [plain, hostile]) {
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(id)).toHaveLength(2);
    }
    expect(plain.headers['x-request-id']).not.toBe(hostile.headers['x-request-id']);
    expect(lines.some((l) => l.msg === 'forged')).toBe(false);
  });

  it('names the request on refusals too, and never logs the bearer token', async () => {
    const token = await t.login('demo-guest');
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/user/add',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'refused-1' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-request-id']).toBe('refused-1');
    expect(linesOf('refused-1').at(-1)).toMatchObject({ res: { statusCode: 403 } });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('keeps the audit log append-only: the database refuses changes and no route offers one', async () => {
    await t.login('demo-dealer');
    const [row] = (await t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`)).rows;
    expect(row!.n).toBeGreaterThan(0);
    await expect(t.ctx.db.execute(sql`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const [after] = (await t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`))
      .rows;
    expect(after!.n).toBe(row!.n);
    // The audit routes only read (page, export, the filter's actions); none edits or deletes an entry.
    const auditRoutes = t.app.routeTable.filter((r) => /audit/i.test(r.url)).map((r) => r.url);
    expect(auditRoutes.length).toBeGreaterThan(0);
    for (const url of auditRoutes) expect(url).toMatch(/\/(page|export|actions)$/);
  });
});
