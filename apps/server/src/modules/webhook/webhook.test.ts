import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@pvstar/contract/webhook';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, event, type FixturePlant } from '../../../test/alarm-fixture.ts';
import { addUser, buildTestApp, type TestApp } from '../../../test/helper.ts';
import {
  devices,
  plantEnergyDaily,
  plants,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';
import { refreshPlantStatus } from '../../domain/plant-status.ts';
import { verifySignature } from '../../lib/webhook-signature.ts';
import { type AlarmEvents, createAlarmEvents } from '../alarm/alarm-events.ts';
import { createWebhookWorker, queueDailySummaries, type WebhookWorker } from './webhook-delivery.ts';

/** A receiver of our own: records each request with its raw body; answers what `reply` says. */
function startReceiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const state = { reply: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = state.reply;
      res.end(state.reply === 200 ? 'ok' : 'receiver down for maintenance');
    });
  });
  return new Promise<{ url: string; got: typeof got; state: typeof state; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
          got,
          state,
          close: () => new Promise((r) => server.close(() => r())),
        }),
      ),
  );
}

let t: TestApp;
let worker: WebhookWorker;
/** The worker's clock runs ahead of the wall clock by `offset` (retries and days pass at once). */
let offset = 0;
const clockNow = () => Date.now() + offset;
let receiverA: Awaited<ReturnType<typeof startReceiver>>;
let receiverB: Awaited<ReturnType<typeof startReceiver>>;
let events: AlarmEvents;
let plantA: FixturePlant;
let plantB: FixturePlant;
type Person = Awaited<ReturnType<typeof addUser>>;
let adminA: Person;
let adminB: Person;
let tokenA: string;
let tokenB: string;
let hookA: { id: number; secret: string };
let hookB: { id: number; secret: string };
const ALL = ['alarm.raised', 'alarm.ended', 'plant.offline', 'plant.online', 'plant.daily_summary'];

const deliveriesOf = async (hookId: number) =>
  (await t.call('POST', '/system/webhook/delivery/page', { token: tokenA, body: { webhookId: hookId } })).body
    .data;
/** The bodies a receiver got, parsed, after checking each one's signature. */
function received(r: typeof receiverA, secret: string) {
  return r.got.map((g) => {
    expect(
      verifySignature(g.headers[WEBHOOK_HEADERS.signature] as string, g.body, secret, { now: clockNow() }),
    ).toBe(true);
    const body = JSON.parse(g.body);
    expect(g.headers[WEBHOOK_HEADERS.eventId]).toBe(body.id);
    expect(g.headers[WEBHOOK_HEADERS.eventType]).toBe(body.type);
    return body;
  });
}

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  worker = createWebhookWorker({
    db: t.ctx.db,
    log: pino({ level: 'silent' }),
    allowPrivate: true,
    title: 'PVSTAR',
    timeoutMs: 2000,
    now: () => new Date(clockNow()),
  });
  events = createAlarmEvents({ db: t.ctx.db, log: pino({ level: 'silent' }) });
  receiverA = await startReceiver();
  receiverB = await startReceiver();
  plantA = await addPlant(t, { org: 'Solartechnik Alpha', name: 'Haus Webhook A', lastSeenAt: new Date() });
  plantB = await addPlant(t, { org: 'Energie Bravo', name: 'Hof Webhook B', lastSeenAt: new Date() });
  adminA = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
  adminB = await addUser(t, { org: 'Energie Bravo', roles: ['INSTALLER_ADMIN'] });
  tokenA = await t.login(adminA.username);
  tokenB = await t.login(adminB.username);
  await t.ctx.db.update(users).set({ lang: 'en-GB' }).where(eq(users.id, adminB.id));
}, 60_000);
afterAll(async () => {
  await receiverA?.close();
  await receiverB?.close();
  await t?.close();
});

describe('webhooks', () => {
  it('registers an endpoint for an organisation in reach and shows its secret once', async () => {
    const orgIdA = await orgOf(plantA);
    const orgIdB = await orgOf(plantB);
    const a = await t.call('POST', '/system/webhook/add', {
      token: tokenA,
      body: { orgId: orgIdA, url: receiverA.url, events: ALL, description: 'ERP' },
    });
    expect(a.status).toBe(200);
    expect(a.body.data.secret).toMatch(/^whsec_[\w-]{32}$/);
    hookA = a.body.data;
    // Installer A cannot put an endpoint on installer B's organisation.
    const foreign = await t.call('POST', '/system/webhook/add', {
      token: tokenA,
      body: { orgId: orgIdB, url: receiverA.url, events: ALL },
    });
    expect(foreign.status).toBe(404);
    const b = await t.call('POST', '/system/webhook/add', {
      token: tokenB,
      body: { orgId: orgIdB, url: receiverB.url, events: ALL },
    });
    hookB = b.body.data;
    const page = await t.call('POST', '/system/webhook/page', { token: tokenA, body: {} });
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toEqual([hookA.id]);
    expect(JSON.stringify(page.body)).not.toContain(hookA.secret);
    expect(page.body.data.list[0].secretHint).toBe(hookA.secret.slice(-4));
    // B's endpoint is not A's to see, edit or test.
    expect(
      (await t.call('POST', '/system/webhook/test', { token: tokenA, body: { id: hookB.id } })).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/system/webhook/delivery/page', {
          token: tokenA,
          body: { webhookId: hookB.id },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses internal and non-HTTPS targets, naming the field, unless WEBHOOK_ALLOW_PRIVATE', async () => {
    t.ctx.config.WEBHOOK_ALLOW_PRIVATE = false;
    try {
      const orgId = await orgOf(plantA);
      for (const [url, message] of [
        ['https://127.0.0.1/hook', 'internal network'],
        ['https://[::ffff:169.254.169.254]/latest', 'internal network'],
        ['https://[fd00::1]/', 'internal network'],
        ['https://localhost:8443/x', 'internal network'],
        ['https://10.0.0.7/x', 'internal network'],
        ['http://example.com/hook', 'HTTPS'],
      ] as const) {
        const res = await t.call('POST', '/system/webhook/add', {
          token: tokenA,
          body: { orgId, url, events: ['alarm.raised'] },
        });
        expect(res.status, url).toBe(400);
        expect(res.body.data.fields[0].field).toBe('url');
        expect(res.body.data.fields[0].message).toContain(message);
      }
      const german = await t.call('POST', '/system/webhook/add', {
        token: tokenA,
        lang: 'de-DE',
        body: { orgId, url: 'https://192.168.0.1/', events: ['alarm.raised'] },
      });
      expect(german.body.data.fields[0].message).toContain('internes Netz');
      const bad = await t.call('POST', '/system/webhook/add', {
        token: tokenA,
        body: { orgId, url: 'ftp://example.com', events: [] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['events', 'url']);
      // At delivery time too: a target that became internal is not connected to.
      const { postWebhook } = await import('./webhook-delivery.ts');
      const r = await postWebhook(receiverA.url.replace('http:', 'https:'), {}, '{}', {
        allowPrivate: false,
      });
      expect(r.error).toContain('address not allowed');
    } finally {
      t.ctx.config.WEBHOOK_ALLOW_PRIVATE = true;
    }
  });

  it('delivers signed alarm and plant events of the organisation’s plants only', async () => {
    const T = Date.now() - 60_000;
    await events.handle(plantA.dongleSn, event(plantA.devices.INVERTER.sn, 'INV-ISO', 'raised', T));
    await events.handle(plantB.dongleSn, event(plantB.devices.INVERTER.sn, 'INV-ISO', 'raised', T));
    await events.handle(plantA.dongleSn, event(plantA.devices.INVERTER.sn, 'INV-ISO', 'cleared', T + 1000));
    // Every device of plant A falls silent: the plant goes offline.
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(devices).set({ status: 'OFFLINE' }).where(eq(devices.plantId, plantA.plantId));
      await refreshPlantStatus(tx, [plantA.plantId]);
    });
    await worker.flush();
    const got = received(receiverA, hookA.secret);
    const types = got.map((b) => b.type).sort();
    expect(types, JSON.stringify(await deliveriesOf(hookA.id))).toEqual([
      'alarm.ended',
      'alarm.raised',
      'plant.offline',
    ]);
    for (const b of got) expect(b.plant).toMatchObject({ id: plantA.plantId, name: 'Haus Webhook A' });
    const raised = got.find((b) => b.type === 'alarm.raised')!;
    expect(raised.data).toMatchObject({ faultCode: 'INV-ISO', deviceSn: plantA.devices.INVERTER.sn });
    expect(got.find((b) => b.type === 'plant.offline')!.data).toMatchObject({ status: 'OFFLINE' });
    // Installer B's receiver got B's alarm, nothing of A's.
    const gotB = received(receiverB, hookB.secret);
    expect(gotB.map((b) => b.type)).toEqual(['alarm.raised']);
    expect(gotB[0].plant.id).toBe(plantB.plantId);
    const log = await deliveriesOf(hookA.id);
    expect(log.list.every((d: { status: string }) => d.status === 'SUCCEEDED')).toBe(true);
  });

  it('retries a delivery the receiver failed, logs each attempt, and resends by hand', async () => {
    receiverA.got.length = 0;
    receiverA.state.reply = 500;
    const test = await t.call('POST', '/system/webhook/test', { token: tokenA, body: { id: hookA.id } });
    expect(test.status).toBe(200);
    await worker.flush();
    expect(receiverA.got).toHaveLength(1);
    let [d] = (await deliveriesOf(hookA.id)).list;
    expect(d).toMatchObject({
      id: test.body.data.deliveryId,
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: 500,
    });
    expect(d.log[0].error).toContain('HTTP 500: receiver down');
    // Not due yet: nothing goes out.
    await worker.flush();
    expect(receiverA.got).toHaveLength(1);
    // The receiver is closed for the second attempt, up for the third.
    await receiverA.close();
    offset += 5 * 60_000;
    await worker.flush();
    receiverA = await restart();
    offset += 10 * 60_000;
    await worker.flush();
    [d] = (await deliveriesOf(hookA.id)).list;
    expect(d.status).toBe('SUCCEEDED');
    expect(d.attempts).toBe(3);
    expect(d.log.map((a: { statusCode: number | null }) => a.statusCode)).toEqual([200, null, 500]);
    expect(d.log[1].error).toMatch(/ECONNREFUSED/);
    const [body] = received(receiverA, hookA.secret);
    expect(body).toMatchObject({ id: d.eventId, type: 'webhook.test' });
    // By hand: the same event again, freshly signed.
    expect(
      (await t.call('POST', '/system/webhook/delivery/resend', { token: tokenA, body: { id: d.id } })).status,
    ).toBe(200);
    await worker.flush();
    const again = received(receiverA, hookA.secret);
    expect(again).toHaveLength(2);
    expect(again[1]).toEqual(body);
  });

  it('pauses an endpoint whose every attempt failed for 24 hours, mails its owner, and resumes', async () => {
    receiverB.state.reply = 503;
    const test = await t.call('POST', '/system/webhook/test', { token: tokenB, body: { id: hookB.id } });
    const id = test.body.data.deliveryId;
    await worker.flush();
    // A day of failures later the last attempt gives up.
    offset += 25 * 3600_000;
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(clockNow() - 1000) })
      .where(eq(webhookDeliveries.id, id));
    await worker.flush();
    const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row!.status).toBe('FAILED');
    const [w] = await t.ctx.db.select().from(webhooks).where(eq(webhooks.id, hookB.id));
    expect(w!.pausedAt).not.toBeNull();
    const mail = await t.outboxFor(adminB.email);
    expect(mail[0]!.subject).toContain('webhook paused');
    expect(mail[0]!.body).toContain(receiverB.url);
    // Paused: new events are not queued, waiting ones do not go out.
    const before = receiverB.got.length;
    await t.call('POST', '/system/webhook/test', { token: tokenB, body: { id: hookB.id } });
    await worker.flush();
    expect(receiverB.got.length).toBe(before);
    const page = await t.call('POST', '/system/webhook/page', { token: tokenB, body: {} });
    expect(page.body.data.list[0].pausedAt).not.toBeNull();
    receiverB.state.reply = 200;
    expect(
      (await t.call('POST', '/system/webhook/resume', { token: tokenB, body: { id: hookB.id } })).status,
    ).toBe(200);
    await worker.flush();
    expect(receiverB.got.length).toBe(before + 1);
  });

  it('sends each plant’s daily summary once after its local day ended', async () => {
    receiverA.got.length = 0;
    const day = new Date(clockNow() - 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    await t.ctx.db
      .insert(plantEnergyDaily)
      .values({ plantId: plantA.plantId, day, generation: 42.5, revenue: 3.4 });
    await t.ctx.db.update(webhooks).set({ createdAt: new Date(clockNow() - 3 * 86_400_000) });
    await queueDailySummaries(t.ctx.db, new Date(clockNow()));
    await queueDailySummaries(t.ctx.db, new Date(clockNow()));
    await worker.flush();
    const got = received(receiverA, hookA.secret).filter((b) => b.type === 'plant.daily_summary');
    expect(got).toHaveLength(1);
    expect(got[0].data).toMatchObject({ date: day, generationKwh: 42.5, revenue: 3.4, currency: 'EUR' });
  });

  it('rotates the secret: deliveries are signed with the new one', async () => {
    receiverA.got.length = 0;
    const rotated = await t.call('POST', '/system/webhook/rotateSecret', {
      token: tokenA,
      body: { id: hookA.id },
    });
    expect(rotated.body.data.secret).not.toBe(hookA.secret);
    await t.call('POST', '/system/webhook/test', { token: tokenA, body: { id: hookA.id } });
    await worker.flush();
    const [g] = receiverA.got;
    expect(
      verifySignature(g!.headers[WEBHOOK_HEADERS.signature] as string, g!.body, hookA.secret, {
        now: clockNow(),
      }),
    ).toBe(false);
    hookA = rotated.body.data;
    received(receiverA, hookA.secret);
    expect(
      (await t.call('POST', '/system/webhook/delete', { token: tokenA, body: { id: hookA.id } })).status,
    ).toBe(200);
  });
});

const orgOf = async (p: FixturePlant) =>
  (await t.ctx.db.select({ orgId: plants.orgId }).from(plants).where(eq(plants.id, p.plantId)))[0]!.orgId;

/** The receiver back up (on a port of its own: the endpoint is pointed at it, as a moved receiver would be). */
async function restart() {
  const r = await startReceiver();
  await t.ctx.db.update(webhooks).set({ url: r.url }).where(eq(webhooks.id, hookA.id));
  return r;
}
