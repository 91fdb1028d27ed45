import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { plants } from '../src/db/schema/index.ts';
import { buildTestApp, nextIp, orgIdByName, unique } from './helper.ts';

/**
 * Test fixtures of the plant center's API tests (adding, editing, scope, the list and map): the demo
 * logins, installer A's and B's organisations, valid request bodies and the calls the tests make.
 * Each test file builds its own app (and database) with `setUpPlants` in its `beforeAll`.
 */

let serialCounter = 0;
/** A serial number no test has used: letters, digits and dashes, 6–32 characters. */
export const serial = (kind: string) => {
  serialCounter += 1;
  return `${kind}-${Date.now().toString(36).toUpperCase().slice(-5)}${String(serialCounter).padStart(4, '0')}`;
};

/** A valid add body: one dongle with one inverter in Bavaria, Germany. */
export const addBody = (over: Record<string, unknown> = {}) => ({
  stationName: unique('Plant '),
  stationType: 'PHOTOVOLTAIC',
  installedCapacity: 9.87,
  gridConnectionTime: '2025-05-01',
  buildDate: '2025-04-20',
  angleOfRoll: 30,
  azimuth: 0,
  onlineElectrovalence: 0.082,
  buyElectrovalence: 0.32,
  countryCode: 'DE',
  regionCode: 'DE-BY',
  detailAddress: 'Hauptstraße 5, Augsburg',
  latitude: 48.37,
  longitude: 10.89,
  devices: {
    dongles: [
      {
        sn: serial('DGL'),
        networkingMode: 'WIFI',
        inverters: [{ sn: serial('INV'), inverterType: 'SINGLE_PHASE', ratedPower: 6000 }],
        batteries: [],
      },
    ],
  },
  ...over,
});

export const editBodyOf = (
  id: number,
  body: ReturnType<typeof addBody>,
  over: Record<string, unknown> = {},
) => ({
  id,
  ...body,
  ...over,
});
export type Row = { id: number; stationName: string; [k: string]: unknown };

/** Builds the test app with its own data folder and signs in the demo logins. */
export async function setUpPlants() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-station-'));
  const t = await buildTestApp({ DATA_DIR: dataDir });
  const [admin, dealer, instA, instB, guest, owner] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
    t.login('demo-installer-b'),
    t.login('demo-guest'),
    t.login('demo-owner'),
  ]);
  const demoLogin = await t.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() });
  const demo = demoLogin.body.data as string;
  const orgA = await orgIdByName(t, 'Solartechnik Alpha');
  const orgB = await orgIdByName(t, 'Energie Bravo');

  const post = (url: string, token: string, body: unknown, lang?: 'en-GB' | 'de-DE' | 'zh-CN') =>
    t.call('POST', url, { token, body, ...(lang ? { lang } : {}) });
  const get = (url: string, token: string, lang?: 'en-GB' | 'de-DE' | 'zh-CN') =>
    t.call('GET', url, { token, ...(lang ? { lang } : {}) });
  /** Adds a plant (200 expected): the body sent and the answer (id, number, dongle secrets). */
  const add = async (token: string, over: Record<string, unknown> = {}) => {
    const body = addBody(over);
    const res = await post('/station/station/add', token, body);
    expect(res.status, res.body.msg).toBe(200);
    return {
      body,
      data: res.body.data as { id: number; stationNo: string; dongles: { sn: string; secret: string }[] },
    };
  };
  /** The first 100 rows of the plant list for a filter (200 expected). */
  const page = async (token: string, filter: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/station/station/page', {
      token,
      body: filter,
      query: { pageNum: 1, pageSize: 100 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as { total: number; list: Row[] };
  };
  const plantCount = async () =>
    ((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(plants)) as [{ n: number }])[0].n;

  return {
    t,
    dataDir,
    admin,
    dealer,
    instA,
    instB,
    guest,
    owner,
    demo,
    orgA,
    orgB,
    post,
    get,
    add,
    page,
    plantCount,
  };
}

export type PlantFixture = Awaited<ReturnType<typeof setUpPlants>>;

export async function tearDownPlants({ t, dataDir }: Pick<PlantFixture, 't' | 'dataDir'>) {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
