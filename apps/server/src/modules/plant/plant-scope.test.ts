import { PERM } from '@pvstar/contract/perm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, type TestApp, unique } from '../../../test/helper.ts';
import {
  addBody,
  editBodyOf,
  type PlantFixture,
  setUpPlants,
  tearDownPlants,
} from '../../../test/plant-fixture.ts';
import { dongles, plants } from '../../db/schema/index.ts';
import { verifyDongleSecret } from '../device/dongle-credentials.ts';

/**
 * Scope and permissions of the plant center: another installer's plant, read-only logins and
 * deleting (fixture in plant-fixture.ts).
 */

let t: TestApp;
let dealer: string;
let instA: string;
let instB: string;
let guest: string;
let owner: string;
let demo: string;
let orgA: number;
let orgB: number;
let dataDir: string;
let post: PlantFixture['post'];
let get: PlantFixture['get'];
let add: PlantFixture['add'];
let page: PlantFixture['page'];

beforeAll(async () => {
  ({ t, dealer, instA, instB, guest, owner, demo, orgA, orgB, dataDir, post, get, add, page } =
    await setUpPlants());
});
afterAll(async () => {
  await tearDownPlants({ t, dataDir });
});

describe('scope and permissions', () => {
  let plantA: Awaited<ReturnType<typeof add>>;
  let plantB: Awaited<ReturnType<typeof add>>;
  let dongleA: number;
  beforeAll(async () => {
    plantA = await add(instA, { stationName: unique('Scope A ') });
    plantB = await add(instB, { stationName: unique('Scope B ') });
    dongleA = (await t.ctx.db.select().from(dongles).where(eq(dongles.sn, plantA.data.dongles[0]!.sn)))[0]!
      .id;
  });

  it("answers 404 to installer B for everything of installer A's plant, and changes nothing", async () => {
    const id = plantA.data.id;
    const [before] = await t.ctx.db.select().from(plants).where(eq(plants.id, id));
    const [secretBefore] = await t.ctx.db.select().from(dongles).where(eq(dongles.id, dongleA));
    const answers = [
      await get(`/station/station/detail/${id}`, instB),
      await get(`/station/station/findAddress/${id}`, instB),
      await post('/station/station/edit', instB, editBodyOf(id, plantA.body, { stationName: 'Hijacked' })),
      await post('/station/station/delete', instB, { id, confirmName: plantA.body.stationName }),
      await post('/station/station/dongle/resetSecret', instB, { dongleId: dongleA }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    const missing = await get('/station/station/detail/999999', instB);
    expect(answers[0]!.body).toEqual(missing.body);
    expect((await t.ctx.db.select().from(plants).where(eq(plants.id, id)))[0]).toEqual(before);
    expect((await t.ctx.db.select().from(dongles).where(eq(dongles.id, dongleA)))[0]).toEqual(secretBefore);
  });

  it("keeps installer A's plants out of installer B's list and KPIs; the dealer sees both", async () => {
    const bList = await page(instB);
    expect(bList.list.map((r) => r.id)).not.toContain(plantA.data.id);
    expect(bList.list.map((r) => r.id)).toContain(plantB.data.id);
    expect(bList.list.every((r) => r.orgId === orgB)).toBe(true);
    const bKpi = await post('/station/station/kpi', instB, {});
    expect(bKpi.body.data.total).toBe(bList.total);
    const dealerIds = (await page(dealer)).list.map((r) => r.id);
    expect(dealerIds).toEqual(expect.arrayContaining([plantA.data.id, plantB.data.id]));
    // Filtering by installer A's organisation from B's side finds nothing.
    expect((await page(instB, { orgId: orgA })).total).toBe(0);
    expect((await page(dealer, { orgId: orgA })).list.every((r) => r.orgId === orgA)).toBe(true);
  });

  it('refuses writes of the demo login and the guest (403), and of a user without the code', async () => {
    const id = plantA.data.id;
    const writes = (token: string) => [
      post('/station/station/add', token, addBody()),
      post('/station/station/edit', token, editBodyOf(id, plantA.body)),
      post('/station/station/delete', token, { id, confirmName: plantA.body.stationName }),
      post('/station/station/dongle/resetSecret', token, { dongleId: dongleA }),
    ];
    for (const token of [demo, guest, owner]) {
      const answers = await Promise.all(writes(token));
      expect(
        answers.map((a) => a.status),
        token,
      ).toEqual([403, 403, 403, 403]);
    }
    // The guest and the demo login may look.
    expect((await page(guest)).list.map((r) => r.id)).toContain(id);
    expect((await page(demo)).list.map((r) => r.id)).toContain(id);

    // An installer role holding only the list page: looks, but changes nothing.
    const viewerRole = await addRole(t, { org: orgA, perms: [PERM.station, PERM.stationMonitor] });
    const viewer = await addUser(t, { org: orgA, roles: [viewerRole] });
    const viewerToken = await t.login(viewer.username, viewer.password);
    expect((await page(viewerToken)).list.map((r) => r.id)).toContain(id);
    const answers = await Promise.all(writes(viewerToken));
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);

    // A user of a role without the plant codes cannot even list.
    const bareRole = await addRole(t, { org: orgA, perms: [], scope: 'ORG' });
    const nobody = await addUser(t, { org: orgA, roles: [bareRole] });
    const nobodyToken = await t.login(nobody.username, nobody.password);
    const list = await t.call('POST', '/station/station/page', { token: nobodyToken, body: {} });
    expect(list.status).toBe(403);
    expect((await get(`/station/station/detail/${id}`, nobodyToken)).status).toBe(403);
  });

  it('deletes only after the plant name is typed, with its devices and data', async () => {
    const { body, data } = await add(instA, { stationName: unique('Throwaway ') });
    const wrong = await post('/station/station/delete', instA, {
      id: data.id,
      confirmName: 'something else',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('confirmName');
    expect(await t.ctx.db.select().from(plants).where(eq(plants.id, data.id))).toHaveLength(1);
    const okRes = await post('/station/station/delete', instA, {
      id: data.id,
      confirmName: ` ${body.stationName} `,
    });
    expect(okRes.status).toBe(200);
    expect(await t.ctx.db.select().from(plants).where(eq(plants.id, data.id))).toEqual([]);
    expect(await t.ctx.db.select().from(dongles).where(eq(dongles.sn, data.dongles[0]!.sn))).toEqual([]);
    expect(await verifyDongleSecret(t.ctx.db, data.dongles[0]!.sn, data.dongles[0]!.secret)).toBe(false);
    expect((await get(`/station/station/detail/${data.id}`, instA)).status).toBe(404);
  });
});
