import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { loadConfig } from '../config.ts';
import { outbox, outboxAttachments } from '../db/schema/index.ts';
import { createOutboxWorker, devMailbox, fileMailbox, queueMessage } from './mailer.ts';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
/** Recipients the SMTP server refuses (to test a failed delivery). */
const refused = new Set<string>();

beforeAll(async () => {
  t = await buildTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

const rowsTo = (recipient: string) => t.ctx.db.select().from(outbox).where(eq(outbox.recipient, recipient));

describe('the outbox worker', () => {
  it('delivers queued e-mail through SMTP and marks it SENT', async () => {
    const worker = createOutboxWorker({
      db: t.ctx.db,
      log: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'PVSTAR <no-reply@pvstar.local>',
    });
    try {
      await queueMessage(t.ctx.db, {
        channel: 'EMAIL',
        recipient: 'anna@test.pvstar.local',
        subject: 'PVSTAR verification code',
        body: 'Your verification code is 123456.',
      });
      expect((await rowsTo('anna@test.pvstar.local'))[0]!.status).toBe('PENDING');
      expect(await worker.flush()).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
    const mail = received.find((m) => m.to.includes('anna@test.pvstar.local'));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['anna@test.pvstar.local']);
    expect(mail!.from).toBe('no-reply@pvstar.local');
    expect(mail!.raw).toMatch(/^Subject: PVSTAR verification code\r?$/m);
    expect(mail!.raw).toContain('Your verification code is 123456.');
    const [row] = await rowsTo('anna@test.pvstar.local');
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, body: '' });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('sends a mail with its HTML alternative and attachments, then removes both', async () => {
    const worker = createOutboxWorker({
      db: t.ctx.db,
      log: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'PVSTAR <no-reply@pvstar.local>',
    });
    const content = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x80, 0x7f, 0x01]);
    let id = 0;
    try {
      id = await queueMessage(t.ctx.db, {
        channel: 'EMAIL',
        recipient: 'files@test.pvstar.local',
        subject: 'Energy report',
        body: 'Plain text of the report.',
        html: '<p>HTML <b>of</b> the report.</p>',
        attachments: [{ filename: 'energy-report.xlsx', contentType: 'application/octet-stream', content }],
      });
      // Stored byte for byte (bytea on PGlite and PostgreSQL alike).
      const [stored] = await t.ctx.db
        .select()
        .from(outboxAttachments)
        .where(eq(outboxAttachments.outboxId, id));
      expect(Buffer.compare(stored!.content, content)).toBe(0);
      await worker.flush();
    } finally {
      await worker.stop();
    }
    const mail = received.find((m) => m.to.includes('files@test.pvstar.local'));
    expect(mail!.raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(mail!.raw).toContain('Plain text of the report.');
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toContain('<b>of</b>');
    expect(mail!.raw).toMatch(/filename=("?)energy-report\.xlsx\1/);
    expect(mail!.raw).toContain(content.toString('base64'));
    expect((await rowsTo('files@test.pvstar.local'))[0]).toMatchObject({
      status: 'SENT',
      body: '',
      html: null,
    });
    expect(await t.ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, id))).toEqual(
      [],
    );
  });

  it('keeps a message PENDING with the error when SMTP refuses it, and gives up after five tries', async () => {
    refused.add('bounce@test.pvstar.local');
    const worker = createOutboxWorker({
      db: t.ctx.db,
      log: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'PVSTAR <no-reply@pvstar.local>',
    });
    try {
      await queueMessage(t.ctx.db, {
        channel: 'EMAIL',
        recipient: 'bounce@test.pvstar.local',
        subject: 'Welcome',
        body: 'Hello',
      });
      await worker.flush();
      const [row] = await rowsTo('bounce@test.pvstar.local');
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(row!.lastError).toMatch(/mailbox unavailable/);
      for (let i = 0; i < 4; i++) await worker.flush();
      expect((await rowsTo('bounce@test.pvstar.local'))[0]).toMatchObject({
        status: 'FAILED',
        attempts: 5,
        body: '',
      });
      await worker.flush();
      expect((await rowsTo('bounce@test.pvstar.local'))[0]!.attempts).toBe(5);
    } finally {
      await worker.stop();
    }
    expect(received.some((m) => m.to.includes('bounce@test.pvstar.local'))).toBe(false);
  });

  it('without SMTP puts the message in the development mailbox, logs it without its text, and blanks it', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-mailbox-'));
    const mailbox = fileMailbox(path.join(dir, 'mailbox.json'), 3);
    const worker = createOutboxWorker({
      db: t.ctx.db,
      log: pino({ level: 'info' }, sink),
      from: 'x@y.z',
      mailbox,
    });
    const before = received.length;
    try {
      await queueMessage(t.ctx.db, {
        channel: 'EMAIL',
        recipient: 'logged@test.pvstar.local',
        subject: 'PVSTAR verification code',
        body: 'Your verification code is 654321.',
      });
      await queueMessage(t.ctx.db, {
        channel: 'SMS',
        recipient: '+4917000000001',
        subject: 'PVSTAR verification code',
        body: 'Your verification code is 111222.',
      });
      await worker.flush();
    } finally {
      await worker.stop();
    }
    expect(lines.find((l) => l.to === 'logged@test.pvstar.local')).toMatchObject({
      channel: 'EMAIL',
      subject: 'PVSTAR verification code',
    });
    expect(lines.find((l) => l.to === '+4917000000001')).toMatchObject({ channel: 'SMS' });
    expect(JSON.stringify(lines)).not.toMatch(/654321|111222/);
    expect(mailbox.list().map((m) => [m.to, m.body])).toEqual([
      ['logged@test.pvstar.local', 'Your verification code is 654321.'],
      ['+4917000000001', 'Your verification code is 111222.'],
    ]);
    // Readable by the server's user only.
    expect(fs.statSync(mailbox.file).mode & 0o077).toBe(0);
    expect((await rowsTo('logged@test.pvstar.local'))[0]).toMatchObject({
      status: 'SENT',
      attempts: 1,
      body: '',
    });
    expect((await rowsTo('+4917000000001'))[0]).toMatchObject({ status: 'SENT', body: '' });
    expect(received.length).toBe(before);
    // It keeps the newest few.
    for (const n of [1, 2, 3]) mailbox.put({ at: '', channel: 'SMS', to: `n${n}`, subject: '', body: '' });
    expect(mailbox.list().map((m) => m.to)).toEqual(['n1', 'n2', 'n3']);
  });

  it('has a development mailbox only in demo mode', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-data-'));
    expect(devMailbox(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }))).toBeNull();
    expect(devMailbox(loadConfig({ DEMO: 'false', DATA_DIR: dataDir }))).toBeNull();
    expect(devMailbox(loadConfig({ DEMO: 'true', DATA_DIR: dataDir }))?.file).toBe(
      path.join(dataDir, 'mailbox.json'),
    );
  });

  it('delivers the codes the API queues (send code → outbox → SMTP)', async () => {
    const worker = createOutboxWorker({
      db: t.ctx.db,
      log: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'PVSTAR <no-reply@pvstar.local>',
    });
    try {
      const res = await t.call('POST', '/system/smsEmail/send', {
        body: { contactType: 'EMAIL', contact: 'New.User@Test.pvstar.local', purpose: 'REGISTER' },
        lang: 'de-DE',
      });
      expect(res.status).toBe(200);
      await worker.flush();
    } finally {
      await worker.stop();
    }
    const mail = received.find((m) => m.to.includes('new.user@test.pvstar.local'));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/Subject: =\?UTF-8\?|Subject: PVSTAR/);
    expect(mail!.raw).toMatch(/\b\d{6}\b/);
    expect((await rowsTo('new.user@test.pvstar.local'))[0]!.status).toBe('SENT');
  });
});
