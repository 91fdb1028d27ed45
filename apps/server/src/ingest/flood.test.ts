import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import { DONGLE_LIMITS_PER_MINUTE } from '@pvstar/contract/mqtt';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/device-loop.ts';
import {
  addAlarmWebhook,
  addDongle,
  alarmDeliveries,
  startIngestBehind,
  type Via,
} from '../../test/dongle-ingest.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { dynsecMissing } from '../../test/private-services.ts';
import { sqlRow } from '../db/rows.ts';
import { alarms } from '../db/schema/index.ts';
import { endFloodAlarms, FLOOD_QUIET_MINUTES } from '../modules/alarm/alarm-flood.ts';

/**
 * Issue 32, "a dongle cannot flood": one dongle publishing as fast as it can, with its own credentials,
 * into a running ingest behind either broker, with the default limits (DONGLE_LIMITS_PER_MINUTE).
 */
const limits = DONGLE_LIMITS_PER_MINUTE;
const brokers: Via[] = dynsecMissing() ? ['embedded'] : ['embedded', 'mosquitto'];

/** Waits until `count` reaches `target` or stops growing for half a second; returns it. */
async function settled(count: () => number, target: number, ms = 50_000): Promise<number> {
  const until = Date.now() + ms;
  let last = -1;
  for (;;) {
    const now = count();
    if (now >= target || (now > 0 && now === last)) return now;
    if (Date.now() > until) throw new Error(`stuck at ${now} of ${target}`);
    last = now;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe.each(brokers)('a dongle cannot flood (%s broker)', (via) => {
  let t: TestApp;
  let loop: Awaited<ReturnType<typeof startIngestBehind>>;

  const samplesOf = async (deviceId: number) =>
    (await sqlRow<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM telemetry_samples WHERE device_id = ${deviceId}`,
    ))!.n;
  const alarmsOf = (plantId: number) =>
    t.ctx.db.select().from(alarms).where(eq(alarms.plantId, plantId)).orderBy(alarms.id);
  const dropped = () => loop.ingest.stats().dropped.flood ?? 0;
  /** Fault events ingest is done with: handled (stored or found changing nothing) or dropped for the flood. */
  const eventsDone = () => Object.values(loop.events.stats()).reduce((a, b) => a + b, 0) + dropped();

  beforeAll(async () => {
    t = await buildTestApp();
    loop = await startIngestBehind(t, via);
    await addAlarmWebhook(t);
  });
  afterAll(async () => {
    await loop?.stop();
    await t?.close();
  });

  it(`10,000 QoS 0 messages in seconds: at most ${limits.messages} stored, the rest dropped and counted, one flooding alarm`, async () => {
    const dongle = await addDongle(t, loop.brokerUrl);
    const client = await dongle.connect();
    const before = loop.ingest.stats();
    const n = 10_000;
    const t0 = Date.now();
    // Each its own time (50 ms apart, all within the allowed clock skew): every one would be a new row.
    for (let i = 0; i < n; i++)
      client.publish(dongle.topics.telemetry, dongle.telemetry(t0 + i * 50, i), { qos: 0 });
    // QoS 0 has no acknowledgement: wait until ingest has read all of it, or what reached it.
    await settled(() => loop.ingest.stats().received - before.received, n);
    await loop.ingest.flush();
    await client.endAsync();
    const received = loop.ingest.stats().received - before.received;
    const stored = await samplesOf(dongle.inverter.id);
    expect(Date.now() - t0, 'the flood fits in one minute of the dongle').toBeLessThan(60_000);
    expect(stored).toBe(Math.min(received, limits.messages));
    expect(dropped() - (before.dropped.flood ?? 0)).toBe(received - stored);
    if (via === 'embedded') expect(received).toBe(n);

    await waitFor(async () => (await alarmsOf(dongle.plantId)).length > 0, 10_000, 'the flooding alarm');
    const opened = await alarmsOf(dongle.plantId);
    expect(opened.map((a) => [a.faultCode, a.kind, a.deviceType, a.sourceSn, a.status])).toEqual([
      [CLOUD_FAULT_CODES.dongleFlooding, 'FLOOD', 'DONGLE', dongle.dongleSn, 'ONGOING'],
    ]);
    // The webhook follows the alarm: one delivery for the episode, not one per dropped message.
    expect(await alarmDeliveries(t, dongle.plantId)).toBe(1);

    // The episode ends once the dongle has kept to its limits for a while (the jobs role's sweep).
    expect(await endFloodAlarms(t.ctx.db, new Date(Date.now() + 60_000))).toEqual([]);
    const ended = await endFloodAlarms(t.ctx.db, new Date(Date.now() + (FLOOD_QUIET_MINUTES + 1) * 60_000));
    expect(ended).toEqual([opened[0]!.id]);
    const [after] = await alarmsOf(dongle.plantId);
    expect([after!.status, after!.endReason]).toEqual(['ENDED', 'RECOVERED']);
    expect(await alarmDeliveries(t, dongle.plantId, 'alarm.ended')).toBe(1);
  }, 90_000);

  it(`300 distinct fault events in a second open at most ${limits.events} alarms, and one flooding alarm`, async () => {
    const dongle = await addDongle(t, loop.brokerUrl);
    const client = await dongle.connect();
    const before = eventsDone();
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        client.publishAsync(dongle.topics.event, dongle.event(t0 + i, `TST-F${i}`, i), { qos: 1 }),
      ),
    );
    expect(Date.now() - t0).toBeLessThan(60_000);
    // Mosquitto acknowledges before ingest is done with a message.
    await waitFor(() => eventsDone() - before >= 300, 20_000, 'ingest to take the events');
    await client.endAsync();
    const events = (await alarmsOf(dongle.plantId)).filter((a) => a.kind === 'EVENT');
    expect(events.length).toBe(limits.events);
    await waitFor(
      async () => (await alarmsOf(dongle.plantId)).some((a) => a.kind === 'FLOOD'),
      10_000,
      'the flooding alarm',
    );
    const opened = await alarmsOf(dongle.plantId);
    expect(opened.filter((a) => a.kind === 'FLOOD').map((a) => a.faultCode)).toEqual([
      CLOUD_FAULT_CODES.dongleFlooding,
    ]);
    expect(await alarmDeliveries(t, dongle.plantId)).toBe(limits.events + 1);
  });

  it('50 repeats of one fault code in a second: one alarm, its latest time moved, one webhook delivery', async () => {
    const dongle = await addDongle(t, loop.brokerUrl);
    const client = await dongle.connect();
    const before = eventsDone();
    const t0 = Date.now() - 1000;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.publishAsync(dongle.topics.event, dongle.event(t0 + i * 20, 'INV-GRID-OV', i), { qos: 1 }),
      ),
    );
    await waitFor(() => eventsDone() - before >= 50, 20_000, 'ingest to take the events');
    await client.endAsync();
    const opened = await alarmsOf(dongle.plantId);
    expect(opened.map((a) => [a.faultCode, a.status])).toEqual([['INV-GRID-OV', 'ONGOING']]);
    expect(opened[0]!.latestAt.getTime()).toBe(t0 + 49 * 20);
    expect(await alarmDeliveries(t, dongle.plantId)).toBe(1);
    // Within every limit: nothing was dropped and nothing flagged.
    const flood = await t.ctx.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.plantId, dongle.plantId), eq(alarms.kind, 'FLOOD')));
    expect(flood).toEqual([]);
  });
});
