import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRow, sqlRows } from '../db/rows.ts';
import { md5 } from '../lib/crypto.ts';
import { addUser, buildTestApp, latestCode, nextIp, type TestApp } from '../test/helper.ts';

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

  /** Every table's rows whose text holds `secret` as a word of its own (not inside a number or time). */
  const rowsHolding = async (secret: string) => {
    const tables = await sqlRows<{ name: string }>(
      t.ctx.db,
      sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const word = new RegExp(`(^|[^0-9.])${secret.replace(/[^\w]/g, '\\$&')}([^0-9]|$)`);
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await sqlRows<{ row: string }>(
        t.ctx.db,
        sql.raw(`SELECT t::text AS row FROM "${name}" t`),
      );
      for (const { row } of rows) if (word.test(row)) found.push(`${name}: ${row.slice(0, 200)}`);
    }
    return found;
  };

  it('never logs or keeps a code or password: sign-in by code, password reset by code and by an administrator', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const send = (purpose: 'LOGIN' | 'FORGET') =>
      t.call('POST', '/system/smsEmail/send', {
        body: { contactType: 'EMAIL', contact: u.email, purpose },
        ip: nextIp(),
      });
    expect((await send('LOGIN')).status).toBe(200);
    const loginCode = await latestCode(t, u.email);
    await t.ctx.outbox.flush();
    const signIn = await t.call('POST', '/auth/user/login', {
      body: { account: u.email, code: loginCode, loginType: 'code', agree: true },
      ip: nextIp(),
    });
    expect(signIn.status).toBe(200);

    // A minute between codes to one contact.
    await t.ctx.db.execute(sql`UPDATE verification_codes SET created_at = created_at - interval '2 minutes'`);
    expect((await send('FORGET')).status).toBe(200);
    const forgetCode = await latestCode(t, u.email);
    await t.ctx.outbox.flush();
    const chosen = 'Renewed99';
    const forget = await t.call('POST', '/auth/user/forget', {
      body: {
        contactType: 'EMAIL',
        contact: u.email,
        code: forgetCode,
        password: md5(chosen),
        confirmPassword: md5(chosen),
      },
      ip: nextIp(),
    });
    expect(forget.status).toBe(200);

    const admin = await t.login('admin');
    expect(
      (await t.call('GET', '/system/user/resetPassword', { token: admin, query: { userId: u.id } })).status,
    ).toBe(200);
    const [reset] = await t.outboxFor(u.email);
    const generated = reset!.body.match(/password is (\S+?)\./)?.[1];
    expect(generated).toMatch(/^[A-Za-z0-9]{12}$/);
    await t.ctx.outbox.flush();
    expect(
      (
        await t.call('POST', '/auth/user/login', {
          body: { account: u.username, password: md5(generated!), agree: true },
          ip: nextIp(),
        })
      ).status,
    ).toBe(200);

    const logged = JSON.stringify(lines);
    for (const secret of [loginCode, forgetCode, generated!, md5(chosen), md5(generated!)])
      expect(logged, secret).not.toContain(secret);
    // Delivered: no table keeps the text of a code or a password.
    for (const secret of [loginCode, forgetCode, generated!])
      expect(await rowsHolding(secret), secret).toEqual([]);
  });

  it('logs a firmware download without its token', async () => {
    const secret = 'tok3n-never-in-logs-4f2a';
    await t.app.inject({
      method: 'GET',
      url: `/iot/firmware/download?token=${secret}`,
      headers: { 'x-request-id': 'download-1' },
    });
    expect(linesOf('download-1')[0]).toMatchObject({
      req: { url: '/iot/firmware/download?token=[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('keeps the audit log append-only: the database refuses changes and no route offers one', async () => {
    await t.login('demo-dealer');
    const row = await sqlRow<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(row!.n).toBeGreaterThan(0);
    await expect(t.ctx.db.execute(sql`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const after = await sqlRow<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(after!.n).toBe(row!.n);
    // The audit routes only read (page, export, the filter's actions); none edits or deletes an entry.
    const auditRoutes = t.app.routeTable.filter((r) => /audit/i.test(r.url)).map((r) => r.url);
    expect(auditRoutes.length).toBeGreaterThan(0);
    for (const url of auditRoutes) expect(url).toMatch(/\/(page|export|actions)$/);
  });
});
