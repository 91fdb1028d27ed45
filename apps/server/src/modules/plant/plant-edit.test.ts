import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, userIdByName } from '../../../test/helper.ts';
import {
  editBodyOf,
  type PlantFixture,
  serial,
  setUpPlants,
  tearDownPlants,
} from '../../../test/plant-fixture.ts';
import { auditLog, deviceLatest, devices, dongles, plants } from '../../db/schema/index.ts';
import { verifyDongleSecret } from '../device/dongle-credentials.ts';

/**
 * Editing a plant (its serials, secrets and owner) and reissuing a dongle's secret
 * (fixture in plant-fixture.ts).
 */

let t: TestApp;
let instA: string;
let dataDir: string;
let post: PlantFixture['post'];
let add: PlantFixture['add'];

beforeAll(async () => {
  ({ t, instA, dataDir, post, add } = await setUpPlants());
});
afterAll(async () => {
  await tearDownPlants({ t, dataDir });
});

describe('editing a plant', () => {
  it('keeps existing serials and their secrets, issues secrets to new dongles, removes the rest', async () => {
    const batterySn = serial('BAT');
    const { body, data } = await add(instA, {
      ownerName: 'Familie Keller',
      contactType: 'MOBILE',
      contactInformation: '+49 170 5550101',
    });
    const first = body.devices.dongles[0]!;
    const [before] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, first.sn));
    const secondDongle = serial('DGL');
    const res = await post(
      '/station/station/edit',
      instA,
      editBodyOf(data.id, body, {
        stationName: `${body.stationName} (renamed)`,
        stationType: 'ENERGY_STORAGE',
        energyStorage: 5,
        // The owner's contact left empty: the stored one stays.
        contactInformation: '',
        devices: {
          dongles: [
            {
              sn: first.sn,
              networkingMode: 'ETHERNET',
              inverters: [{ sn: serial('INV'), inverterType: 'THREE_PHASE' }],
              batteries: [{ sn: batterySn }],
            },
            {
              sn: secondDongle,
              inverters: [{ sn: first.inverters[0]!.sn, inverterType: 'SINGLE_PHASE' }],
            },
          ],
        },
      }),
    );
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.dongles.map((d: { sn: string }) => d.sn)).toEqual([secondDongle]);
    const [after] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, first.sn));
    expect(after).toMatchObject({
      id: before!.id,
      secretHash: before!.secretHash,
      networkingMode: 'ETHERNET',
    });
    expect(await verifyDongleSecret(t.ctx.db, secondDongle, res.body.data.dongles[0].secret)).toBe(true);
    // The inverter moved to the new dongle and kept its row.
    const [moved] = await t.ctx.db.select().from(devices).where(eq(devices.sn, first.inverters[0]!.sn));
    const [second] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, secondDongle));
    expect(moved!.dongleId).toBe(second!.id);
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant).toMatchObject({
      name: `${body.stationName} (renamed)`,
      ownerContact: '+491705550101',
      ownerContactType: 'MOBILE',
      storageCapacity: 5,
      updatedBy: await userIdByName(t, 'demo-installer-a'),
    });

    // Removing the second dongle removes its devices and their data.
    const inverterId = moved!.id;
    await t.ctx.db.insert(deviceLatest).values({ deviceId: inverterId, ts: new Date(), data: { power: 1 } });
    const res2 = await post(
      '/station/station/edit',
      instA,
      editBodyOf(data.id, body, {
        contactInformation: '',
        devices: {
          dongles: [
            {
              sn: first.sn,
              inverters: [{ sn: serial('INV'), inverterType: 'THREE_PHASE' }],
            },
          ],
        },
      }),
    );
    expect(res2.status, res2.body.msg).toBe(200);
    expect(await t.ctx.db.select().from(dongles).where(eq(dongles.sn, secondDongle))).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(devices)
        .where(inArray(devices.sn, [batterySn, moved!.sn])),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, inverterId))).toEqual(
      [],
    );
    expect(await verifyDongleSecret(t.ctx.db, secondDongle, res.body.data.dongles[0].secret)).toBe(false);
  });

  it('removes the owner when the owner fields are emptied', async () => {
    const { body, data } = await add(instA, {
      ownerName: 'Anna Weber',
      contactType: 'EMAIL',
      contactInformation: 'owner@demo.pvstar.local',
    });
    const res = await post(
      '/station/station/edit',
      instA,
      editBodyOf(data.id, body, { ownerName: '', contactType: null, contactInformation: '' }),
    );
    expect(res.status).toBe(200);
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant).toMatchObject({ ownerUserId: null, ownerName: null, ownerContact: null });
  });
});

describe('dongle secrets', () => {
  it('reissues a secret; the old one stops working', async () => {
    const { data } = await add(instA);
    const old = data.dongles[0]!;
    const [row] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, old.sn));
    const res = await post('/station/station/dongle/resetSecret', instA, { dongleId: row!.id });
    expect(res.status).toBe(200);
    expect(res.body.data.sn).toBe(old.sn);
    expect(res.body.data.secret).not.toBe(old.secret);
    expect(await verifyDongleSecret(t.ctx.db, old.sn, old.secret)).toBe(false);
    expect(await verifyDongleSecret(t.ctx.db, old.sn, res.body.data.secret)).toBe(true);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'station.resetSecret'), eq(auditLog.targetId, String(row!.id))));
    expect(entry).toBeTruthy();
  });
});
