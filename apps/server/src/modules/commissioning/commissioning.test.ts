import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topics } from '@pvstar/contract/mqtt';
import { gridCodeValues } from '@pvstar/contract/remote';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, nextIp, type TestApp } from '../../../test/helper.ts';
import { addBody, serial } from '../../../test/plant-fixture.ts';
import { devices, ownerInvitations } from '../../db/schema/index.ts';
import { createIngestPipeline } from '../../ingest/start-ingest.ts';
import { md5 } from '../../lib/crypto.ts';
import { COMMAND_RESULTS } from '../../mqtt/command-results.ts';
import { findCjkFont } from './commissioning-protocol.ts';

/** The text of every page of a PDF, by pdf.js (what a reader shows, not the bytes). */
async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n');
}

/**
 * Commissioning end to end: a plant added through the portal, its automatic items turned green by
 * messages through the real ingest (and a parameter read answered through the command path), manual
 * ticks, the owner's invitation accepted once, completion and the PDF protocol.
 */
describe('commissioning', () => {
  let t: TestApp;
  let dataDir: string;
  let ingest: ReturnType<typeof createIngestPipeline>['ingest'];
  type Who = 'instA' | 'instB' | 'guest' | 'owner' | 'newOwner';
  const tokens = {} as Record<Who, string>;
  let plant: { id: number; body: ReturnType<typeof addBody> };
  let other: { id: number; body: ReturnType<typeof addBody> };
  const OWNER_EMAIL = 'new.owner@example.com';
  const OWNER_PASSWORD = 'Sunny2026x';

  const add = async (body: ReturnType<typeof addBody>) => {
    const res = await t.call('POST', '/station/station/add', { token: tokens.instA, body });
    expect(res.status, res.body.msg).toBe(200);
    return { id: res.body.data.id as number, body };
  };
  const checklist = async (id: number, who: Who = 'instA') => {
    const res = await t.call('GET', '/station/commissioning/checklist', {
      token: tokens[who],
      query: { stationId: id },
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const stateOf = async (id: number) =>
    Object.fromEntries(
      ((await checklist(id)).items as { item: string; state: string }[]).map((i) => [i.item, i.state]),
    );
  const dongleSn = () => plant.body.devices.dongles[0]!.sn;
  const inverterSn = () => plant.body.devices.dongles[0]!.inverters[0]!.sn;
  const batterySn = () => (plant.body.devices.dongles[0]!.batteries as { sn: string }[])[0]!.sn;
  const telemetry = (ts: number, generation: number) =>
    ingest.handle(
      topics.telemetry(dongleSn()),
      Buffer.from(
        JSON.stringify({
          msgId: `c-${ts}`,
          ts,
          devices: [
            { sn: inverterSn(), kind: 'INVERTER', data: { power: 1200, dailyGeneration: generation } },
            { sn: batterySn(), kind: 'BATTERY', data: { soc: 55, communicationStatus: 0 } },
          ],
        }),
      ),
    );
  const protocol = async (id: number, token: string, lang = 'en-GB') =>
    t.app.inject({
      method: 'GET',
      url: `/station/commissioning/protocol?stationId=${id}`,
      headers: { authorization: `Bearer ${token}`, lang },
    });
  const tokenOfMail = async (email: string) => {
    const [mail] = await t.outboxFor(email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(token).toBeTruthy();
    return token!;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-commissioning-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    for (const [key, who] of [
      ['instA', 'demo-installer-a'],
      ['instB', 'demo-installer-b'],
      ['guest', 'demo-guest'],
      ['owner', 'demo-owner'],
    ] as const)
      tokens[key] = await t.login(who);
    ingest = createIngestPipeline({
      db: t.ctx.db,
      log: pino({ level: 'silent' }),
      publish: (sn, command) => t.ctx.publishCommand(sn, command),
      commandResults: COMMAND_RESULTS,
    }).ingest;
    const withBattery = addBody();
    withBattery.devices.dongles[0]!.batteries = [{ sn: serial('BAT') }] as never;
    plant = await add(withBattery);
    other = await add(addBody());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a plant added through the portal as commissioning, every item open', async () => {
    const list = await t.call('POST', '/station/station/page', {
      token: tokens.instA,
      body: {},
      query: { pageNum: 1, pageSize: 100 },
    });
    const rows = list.body.data.list as { id: number; commissioning: boolean; status: string }[];
    expect(rows.find((r) => r.id === plant.id)).toMatchObject({ commissioning: true, status: 'OFFLINE' });
    // Plants from before the checklist (the demo's) count as handed over.
    expect(rows.filter((r) => r.id !== plant.id && r.id !== other.id).every((r) => !r.commissioning)).toBe(
      true,
    );
    const detail = await t.call('GET', `/station/station/detail/${plant.id}`, { token: tokens.instA });
    expect(detail.body.data.commissioning).toBe(true);
    const list0 = await checklist(plant.id);
    expect(list0).toMatchObject({ commissioning: true, ready: false, completedAt: null, consent: null });
    expect(await stateOf(plant.id)).toEqual({
      DONGLE_ONLINE: 'OPEN',
      DEVICES_REPORTING: 'OPEN',
      CLOCK: 'OPEN',
      GRID_CODE: 'OPEN',
      BATTERY: 'OPEN',
      FIRST_ENERGY: 'OPEN',
      OWNER_INVITED: 'OPEN',
    });
    // Without a battery there is nothing to check.
    expect((await stateOf(other.id)).BATTERY).toBe('NOT_APPLICABLE');
  });

  it('turns the automatic items green from ingested messages and a grid code read back', async () => {
    await ingest.handle(topics.status(dongleSn()), Buffer.from('online'));
    // A clock five minutes behind: everything reports, but the clock is not right.
    await telemetry(Date.now() - 300_000, 1.5);
    let items = (await checklist(plant.id)).items as { item: string; state: string; facts: any }[];
    const byItem = (name: string) => items.find((i) => i.item === name)!;
    expect(byItem('DONGLE_ONLINE').state).toBe('PASSED');
    expect(byItem('DEVICES_REPORTING')).toMatchObject({ state: 'PASSED', facts: { done: 2, total: 2 } });
    expect(byItem('BATTERY').state).toBe('PASSED');
    expect(byItem('FIRST_ENERGY')).toMatchObject({ state: 'PASSED', facts: { kwh: 1.5 } });
    expect(byItem('CLOCK').state).toBe('OPEN');
    expect(byItem('CLOCK').facts.offsetSeconds).toBeGreaterThanOrEqual(299);
    // The dongle's clock set right: its next message is on time.
    await telemetry(Date.now(), 2);
    items = (await checklist(plant.id)).items;
    expect(byItem('CLOCK').state).toBe('PASSED');
    expect(byItem('CLOCK').facts.offsetSeconds).toBeLessThanOrEqual(60);
    expect(byItem('GRID_CODE').state).toBe('OPEN');

    // The installer reads the inverter's parameters; its answer comes back through ingest.
    const [inverter] = await t.ctx.db.select().from(devices).where(eq(devices.sn, inverterSn()));
    const read = await t.call('POST', '/iot/remote/params/read', {
      token: tokens.instA,
      body: { deviceId: inverter!.id },
    });
    expect(read.status, read.body.msg).toBe(200);
    const sent = t.sentCommands.filter((c) => c.dongleSn === dongleSn()).at(-1)!;
    expect(sent.command.type).toBe('params.read');
    await ingest.handle(
      topics.cmdResult(dongleSn()),
      Buffer.from(
        JSON.stringify({
          cmdId: sent.command.cmdId,
          status: 'succeeded',
          result: { values: gridCodeValues('VDE_AR_N_4105') },
        }),
      ),
    );
    items = (await checklist(plant.id)).items;
    expect(byItem('GRID_CODE')).toMatchObject({
      state: 'PASSED',
      facts: { done: 1, total: 1, gridCode: 'VDE_AR_N_4105' },
    });
    expect(byItem('OWNER_INVITED').state).toBe('OPEN');
    expect((await checklist(plant.id)).ready).toBe(false);
  });

  it('needs a note for a manual tick, and only the plant’s managers may tick', async () => {
    const tick = (body: Record<string, unknown>, who: Who = 'instA') =>
      t.call('POST', '/station/commissioning/tick', { token: tokens[who], body });
    const base = { stationId: other.id, item: 'GRID_CODE' };
    const missing = await tick(base);
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('note');
    const short = await tick({ ...base, note: '  a ' });
    expect(short.status).toBe(400);
    expect(short.body.data.fields[0].field).toBe('note');
    const badItem = await tick({ ...base, item: 'COFFEE', note: 'Checked on the display' });
    expect(badItem.status).toBe(400);
    expect(badItem.body.data.fields[0].field).toBe('item');
    // Another tenant's picture is refused, naming the field.
    const foreign = await tick({
      ...base,
      note: 'Checked on the display',
      photo: `/file/pictures/${'a'.repeat(32)}.png`,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields[0].field).toBe('photo');
    expect((await tick({ ...base, note: 'Checked on the display' }, 'guest')).status).toBe(403);
    expect((await tick({ ...base, note: 'Checked on the display' }, 'owner')).status).toBe(403);
    expect((await tick({ ...base, note: 'Checked on the display' }, 'instB')).status).toBe(404);
    expect((await stateOf(other.id)).GRID_CODE).toBe('OPEN');

    const ok = await tick({ ...base, note: 'VDE-AR-N 4105 set on the inverter display, photo of the menu' });
    expect(ok.status, ok.body.msg).toBe(200);
    const item = ok.body.data.items.find((i: { item: string }) => i.item === 'GRID_CODE');
    expect(item).toMatchObject({
      state: 'TICKED',
      passedByData: false,
      tickedBy: 'demo-installer-a',
      note: 'VDE-AR-N 4105 set on the inverter display, photo of the menu',
    });
    const untick = await t.call('POST', '/station/commissioning/untick', {
      token: tokens.instA,
      body: { stationId: other.id, item: 'GRID_CODE' },
    });
    expect(untick.status).toBe(200);
    expect((await stateOf(other.id)).GRID_CODE).toBe('OPEN');
  });

  it('refuses to complete while an item is open', async () => {
    const res = await t.call('POST', '/station/commissioning/complete', {
      token: tokens.instA,
      body: { stationId: plant.id },
    });
    expect(res.status).toBe(409);
    expect((await checklist(plant.id)).commissioning).toBe(true);
  });

  it('invites the owner: accepted once, a second time refused, the owner sees that plant only', async () => {
    const invite = (body: Record<string, unknown>, who: Who = 'instA') =>
      t.call('POST', '/station/invitation/add', { token: tokens[who], body });
    expect(
      (await invite({ stationId: plant.id, email: 'no-address', name: 'Ada' })).body.data.fields[0].field,
    ).toBe('email');
    expect((await invite({ stationId: plant.id, email: OWNER_EMAIL, name: 'Ada' }, 'instB')).status).toBe(
      404,
    );
    expect((await invite({ stationId: plant.id, email: OWNER_EMAIL, name: 'Ada' }, 'owner')).status).toBe(
      403,
    );
    // A first invitation, replaced by a second: the first link stops working.
    expect((await invite({ stationId: plant.id, email: OWNER_EMAIL, name: 'Ada Lovelace' })).status).toBe(
      200,
    );
    const first = await tokenOfMail(OWNER_EMAIL);
    const sent = await invite({
      stationId: plant.id,
      email: OWNER_EMAIL,
      name: 'Ada Lovelace',
      lang: 'de-DE',
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const [mail] = await t.outboxFor(OWNER_EMAIL);
    expect(mail!.subject).toContain('ist bereit');
    expect(mail!.body).toContain('/#/invitation?token=');
    const token = await tokenOfMail(OWNER_EMAIL);
    expect(token).not.toBe(first);
    // Only the hash is stored.
    const stored = await t.ctx.db
      .select()
      .from(ownerInvitations)
      .where(eq(ownerInvitations.plantId, plant.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await stateOf(plant.id)).OWNER_INVITED).toBe('PASSED');
    const pub = (url: string, body: unknown) => t.call('POST', url, { body, ip: nextIp() });
    expect((await pub('/auth/invitation/info', { token: first })).status).toBe(404);
    const info = await pub('/auth/invitation/info', { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      stationName: plant.body.stationName,
      installer: 'Solartechnik Alpha',
      email: OWNER_EMAIL,
      existingAccount: false,
    });

    const accept = (over: Record<string, unknown> = {}) =>
      pub('/auth/invitation/accept', {
        token,
        password: md5(OWNER_PASSWORD),
        confirmPassword: md5(OWNER_PASSWORD),
        consent: true,
        agree: true,
        ...over,
      });
    const noConsent = await accept({ consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.data.fields[0].field).toBe('consent');
    const mismatch = await accept({ confirmPassword: md5('Other2026x') });
    expect(mismatch.body.data.fields[0].field).toBe('confirmPassword');
    const common = await accept({ password: md5('Password'), confirmPassword: md5('Password') });
    expect(common.status).toBe(400);
    expect(common.body.data.fields[0].field).toBe('password');

    const accepted = await accept();
    expect(accepted.status, accepted.body.msg).toBe(200);
    expect(accepted.body.data.username).toBe('new.owner');
    const again = await accept();
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe(
      'This invitation is not valid: the link is wrong, has expired, was replaced or has already been used',
    );

    const ownerToken = await t.login(OWNER_EMAIL, OWNER_PASSWORD);
    const list = await t.call('POST', '/station/station/page', {
      token: ownerToken,
      body: {},
      query: { pageNum: 1, pageSize: 100 },
    });
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([plant.id]);
    expect((await t.call('GET', `/station/station/detail/${other.id}`, { token: ownerToken })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/station/station/detail/${plant.id}`, { token: ownerToken })).status).toBe(
      200,
    );
    tokens.newOwner = ownerToken;

    const after = await checklist(plant.id);
    expect(after.items.find((i: { item: string }) => i.item === 'OWNER_INVITED').facts).toEqual({
      invitation: 'ACCEPTED',
    });
    expect(after.consent).toMatchObject({ given: true, withdrawnAt: null });
    // A plant with an owner account takes no further invitation.
    expect((await invite({ stationId: plant.id, email: 'x@example.com', name: 'X' })).status).toBe(409);
  });

  it('refuses an expired invitation', async () => {
    const email = 'late.owner@example.com';
    const res = await t.call('POST', '/station/invitation/add', {
      token: tokens.instA,
      body: { stationId: other.id, email, name: 'Late' },
    });
    expect(res.status).toBe(200);
    const token = await tokenOfMail(email);
    await t.ctx.db
      .update(ownerInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ownerInvitations.id, res.body.data.id));
    const body = {
      token,
      password: md5(OWNER_PASSWORD),
      confirmPassword: md5(OWNER_PASSWORD),
      consent: true,
      agree: true,
    };
    expect((await t.call('POST', '/auth/invitation/info', { body: { token }, ip: nextIp() })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/auth/invitation/accept', { body, ip: nextIp() })).status).toBe(404);
    const page = await t.call('POST', '/station/invitation/page', {
      token: tokens.instA,
      body: { stationId: other.id },
    });
    expect(page.body.data.list[0]).toMatchObject({ email, state: 'EXPIRED' });
  });

  it('renders the protocol as a PDF naming the devices, serial numbers, firmware and grid code', async () => {
    const res = await protocol(plant.id, tokens.instA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="commissioning-/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Commissioning protocol',
      'Draft',
      plant.body.stationName,
      'Solartechnik Alpha',
      'Ada Lovelace',
      dongleSn(),
      inverterSn(),
      batterySn(),
      'VDE_AR_N_4105',
      'Grid code set and read back',
    ])
      expect(text, expected).toContain(expected);
    // The owner may download it too; another tenant may not.
    expect((await protocol(plant.id, tokens.newOwner)).statusCode).toBe(200);
    expect((await protocol(plant.id, tokens.instB)).statusCode).toBe(404);
    // Polish letters come through the embedded font; Chinese where the server has a CJK font.
    const pl = await pdfText((await protocol(plant.id, tokens.instA, 'pl-PL')).rawPayload);
    expect(pl).toContain('Protokół uruchomienia');
    if (findCjkFont())
      expect(await pdfText((await protocol(plant.id, tokens.instA, 'zh-CN')).rawPayload)).toContain(
        '调试报告',
      );
  });

  it('completes once every item passed, keeps the result and takes no further ticks', async () => {
    const done = await t.call('POST', '/station/commissioning/complete', {
      token: tokens.instA,
      body: { stationId: plant.id },
    });
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({
      commissioning: false,
      ready: true,
      completedBy: 'demo-installer-a',
    });
    const detail = await t.call('GET', `/station/station/detail/${plant.id}`, { token: tokens.instA });
    expect(detail.body.data.commissioning).toBe(false);
    const late = await t.call('POST', '/station/commissioning/tick', {
      token: tokens.instA,
      body: { stationId: plant.id, item: 'CLOCK', note: 'Checked again' },
    });
    expect(late.status).toBe(409);
    // The protocol now says when and by whom, and is no draft.
    const text = await pdfText((await protocol(plant.id, tokens.instA)).rawPayload);
    expect(text).toContain('Completed on');
    expect(text).not.toContain('Draft');
  });

  it('lets the owner withdraw the consent and give it again; the installer sees it', async () => {
    const mine = await t.call('GET', '/auth/user/consents', { token: tokens.newOwner });
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        stationId: plant.id,
        installer: 'Solartechnik Alpha',
        consent: expect.objectContaining({ given: true }),
      }),
    ]);
    // Another plant is not theirs.
    const foreign = await t.call('POST', '/auth/user/consent/withdraw', {
      token: tokens.newOwner,
      body: { stationId: other.id },
    });
    expect(foreign.status).toBe(404);
    const withdrawn = await t.call('POST', '/auth/user/consent/withdraw', {
      token: tokens.newOwner,
      body: { stationId: plant.id },
    });
    expect(withdrawn.status).toBe(200);
    const seen = (await checklist(plant.id)).consent;
    expect(seen.given).toBe(false);
    expect(seen.withdrawnAt).not.toBeNull();
    const text = await pdfText((await protocol(plant.id, tokens.instA)).rawPayload);
    expect(text).toContain('Withdrawn on');
    expect(
      (
        await t.call('POST', '/auth/user/consent/grant', {
          token: tokens.newOwner,
          body: { stationId: plant.id },
        })
      ).status,
    ).toBe(200);
    expect((await checklist(plant.id)).consent).toMatchObject({ given: true, withdrawnAt: null });
  });
});
