import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, alarmsOf } from '../../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { alarms, plants } from '../../db/schema/index.ts';
import { endFloodAlarms, FLOOD_QUIET_MINUTES, reportFlooding } from './alarm-flood.ts';

const min = 60_000;

/** The flooding alarm's episodes, reported as ingest's flood guard reports them (flood.test.ts: over MQTT). */
describe('DGL-FLOOD episodes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('one alarm per episode: reports a minute apart move its latest time; it ends after a quiet spell', async () => {
    const p = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: new Date() });
    const t0 = Date.now();
    expect(await reportFlooding(t.ctx.db, p.dongleSn, new Date(t0))).toBe('opened');
    expect(await reportFlooding(t.ctx.db, p.dongleSn, new Date(t0 + min))).toBe('repeated');
    expect(await reportFlooding(t.ctx.db, p.dongleSn, new Date(t0 + 2 * min))).toBe('repeated');
    const [alarm] = await alarmsOf(t, p.plantId);
    expect(alarm).toMatchObject({
      faultCode: 'DGL-FLOOD',
      kind: 'FLOOD',
      deviceType: 'DONGLE',
      deviceId: null,
      dongleId: p.dongleId,
      sourceSn: p.dongleSn,
      alarmLevel: 'WARN',
      status: 'ONGOING',
    });
    expect(alarm!.latestAt.getTime()).toBe(t0 + 2 * min);
    // A flooding dongle is a warning for whoever looks after it, not a fault of the plant.
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, p.plantId));
    expect(plant!.status).not.toBe('WARNING');

    const quietUntil = t0 + 2 * min + FLOOD_QUIET_MINUTES * min;
    expect(await endFloodAlarms(t.ctx.db, new Date(quietUntil - 1))).toEqual([]);
    expect(await endFloodAlarms(t.ctx.db, new Date(quietUntil + 1))).toEqual([alarm!.id]);
    const [ended] = await alarmsOf(t, p.plantId);
    expect([ended!.status, ended!.endReason, ended!.endedAt?.getTime()]).toEqual([
      'ENDED',
      'RECOVERED',
      t0 + 2 * min,
    ]);
    // The next flood is the next episode.
    expect(await reportFlooding(t.ctx.db, p.dongleSn, new Date(quietUntil + min))).toBe('opened');
    expect((await alarmsOf(t, p.plantId)).map((a) => a.status)).toEqual(['ENDED', 'ONGOING']);
  });

  it('an alarm closed by hand is not opened again while the flood it was about goes on', async () => {
    const p = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: new Date() });
    const t0 = Date.now();
    await reportFlooding(t.ctx.db, p.dongleSn, new Date(t0));
    await t.ctx.db
      .update(alarms)
      .set({ status: 'ENDED', endedAt: new Date(t0 + min), endReason: 'CLOSED' })
      .where(eq(alarms.plantId, p.plantId));
    expect(await reportFlooding(t.ctx.db, p.dongleSn, new Date(t0 + 2 * min))).toBe('ignored');
    expect(await reportFlooding(t.ctx.db, p.dongleSn, new Date(t0 + (FLOOD_QUIET_MINUTES + 2) * min))).toBe(
      'opened',
    );
    expect((await alarmsOf(t, p.plantId)).length).toBe(2);
  });

  it('a serial the registry does not know raises nothing', async () => {
    expect(await reportFlooding(t.ctx.db, 'DGL-NOBODY1', new Date())).toBe('ignored');
  });
});
