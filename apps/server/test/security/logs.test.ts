import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRow, sqlRows } from '../../src/db/rows.ts';
import { reportSubscriptions } from '../../src/db/schema/index.ts';
import { md5 } from '../../src/lib/crypto.ts';
import { addUser, buildTestApp, latestCode, nextIp, type TestApp } from '../helper.ts';
import { addBody } from '../plant-fixture.ts';

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

  it('never logs a share-link, unsubscribe, invitation or download token, wherever it travels', async () => {
    const installer = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(installer.username);
    const post = async (url: string, body: unknown) => {
      const res = await t.call('POST', url, { token, body });
      expect(res.status, `${url}: ${res.body.msg}`).toBe(200);
      return res.body.data;
    };
    const visit = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    const stationId = (await post('/station/station/add', addBody())).id as number;

    // A share link: its token is a path segment of the public page and of its figures.
    const share = (await post('/station/share/add', { stationId })).token as string;
    const json = { accept: 'application/json' };
    expect((await visit('GET', `/public/plant/${share}`, json)).statusCode).toBe(200);
    expect((await visit('GET', `/public/plant/${share}/data?lang=de-DE`)).statusCode).toBe(200);
    // Written otherwise (answered 404): still kept out.
    for (const url of [`/public/plant/${share}/`, `/PUBLIC/plant/${share}`, `//public/pl%61nt/${share}/x`])
      await visit('GET', url);

    // A report's unsubscribe link: its token is a path segment too (GET asks, POST ends).
    await post('/station/report/subscription/add', { monthly: true, weekly: false });
    const [subscription] = await t.ctx.db
      .select({ token: reportSubscriptions.unsubscribeToken })
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.userId, installer.id));
    const unsubscribe = subscription!.token;
    const unsubscribePath = `/station/report/subscription/unsubscribe/${unsubscribe}`;
    expect((await visit('GET', unsubscribePath)).statusCode).toBe(200);
    expect((await visit('POST', unsubscribePath)).statusCode).toBe(200);

    // An owner's invitation: its token travels in a body (and in the link's hash, which no server sees).
    const email = `${installer.username}-owner@test.pvstar.local`;
    await post('/station/invitation/add', { stationId, email, name: 'Logged Owner' });
    const [mail] = await t.outboxFor(email);
    const invitation = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const password = md5('Sunny2026x');
    for (const [url, body] of [
      ['/auth/invitation/info', { token: invitation }],
      [
        '/auth/invitation/accept',
        { token: invitation, password, confirmPassword: password, consent: true, agree: true },
      ],
    ] as const)
      expect((await t.call('POST', url, { body, ip: nextIp() })).status, url).toBe(200);

    // The firmware download token is a query value.
    const download = 'dl-tok3n-0123456789abcdefABCDEF';
    await visit('GET', `/iot/firmware/download?sn=X&token=${download}`);

    const logged = JSON.stringify(lines);
    for (const [kind, secret] of Object.entries({ share, unsubscribe, invitation, download }))
      expect(logged.includes(secret), `${kind} token in the log`).toBe(false);
    const urls = lines.flatMap((l) => {
      const url = (l.req as { url?: string } | undefined)?.url;
      return url?.includes('[redacted]') ? [url] : [];
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        '/public/plant/[redacted]',
        '/public/plant/[redacted]/data?lang=de-DE',
        '//public/pl%61nt/[redacted]/x',
        '/station/report/subscription/unsubscribe/[redacted]',
        '/iot/firmware/download?sn=X&token=[redacted]',
      ]),
    );
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
