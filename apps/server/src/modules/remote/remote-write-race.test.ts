import { translate } from '@pvstar/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setUpDeviceCenter } from '../../../test/device-fixture.ts';
import { DEMO_PASSWORD, type TestApp } from '../../../test/helper.ts';
import { remoteCommands, remoteParamAudit, remoteParamSnapshots } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

/** One open write per inverter holds when writes arrive at the same moment, not only one after another. */
describe('remote writes sent at once', () => {
  let t: TestApp;
  let f: Fixture;
  let token: string;

  beforeAll(async () => {
    ({ t, f } = await setUpDeviceCenter());
    token = await t.login('demo-installer-a');
    for (const deviceId of [f.invA1, f.invA2])
      await t.ctx.db
        .insert(remoteParamSnapshots)
        .values({ deviceId, values: { activePowerLimit: 100 }, readAt: new Date() });
  });
  afterAll(() => t?.close());

  const write = (deviceId: number, activePowerLimit: number) =>
    t.call('POST', '/iot/remote/params/write', {
      token,
      lang: 'de-DE',
      body: {
        deviceId,
        disclaimerAccepted: true,
        password: md5(DEMO_PASSWORD),
        values: { activePowerLimit },
      },
    });
  const openWrites = (deviceId: number) =>
    t.ctx.db
      .select({ id: remoteCommands.id })
      .from(remoteCommands)
      .where(
        and(
          eq(remoteCommands.deviceId, deviceId),
          eq(remoteCommands.action, 'WRITE'),
          inArray(remoteCommands.status, ['PENDING', 'ACCEPTED', 'VERIFYING']),
        ),
      );
  const busy = { code: 409, msg: translate('de-DE', 'remote.busy'), data: null };

  it('accepts exactly one, and answers the others the 409 the check gives', async () => {
    const n = 6;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => write(f.invA1, 50 + i)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(n - 1).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual(busy);
    const open = await openWrites(f.invA1);
    expect(open).toHaveLength(1);
    expect(t.sentCommands.filter((c) => c.command.type === 'params.write')).toHaveLength(1);
    const refused = await t.ctx.db
      .select({ reasonKey: remoteParamAudit.reasonKey })
      .from(remoteParamAudit)
      .where(and(eq(remoteParamAudit.deviceId, f.invA1), eq(remoteParamAudit.outcome, 'REFUSED')));
    expect(refused).toEqual(Array(n - 1).fill({ reasonKey: 'remote.busy' }));
    // The next write after the open one ends is accepted again.
    await t.ctx.db
      .update(remoteCommands)
      .set({ status: 'CONFIRMED', finishedAt: new Date() })
      .where(eq(remoteCommands.id, open[0]!.id));
    const next = await write(f.invA1, 40);
    expect(next.status).toBe(200);
  });

  it('refuses a second open write of one inverter in the database itself, naming the index', async () => {
    const [open] = await t.ctx.db
      .select()
      .from(remoteCommands)
      .where(eq(remoteCommands.id, (await openWrites(f.invA1))[0]!.id));
    const { id: _id, ...row } = open!;
    const err = await t.ctx.db
      .insert(remoteCommands)
      .values({ ...row, cmdId: `${row.cmdId}-2` })
      .then(
        () => undefined,
        (e: { cause?: unknown }) => e.cause ?? e,
      );
    // What the service tells a clash by, on PGlite as on PostgreSQL.
    expect(err).toMatchObject({ code: '23505', constraint: 'remote_commands_one_open_write_uq' });
    // A read, or a write that has ended, is not held by it.
    await t.ctx.db.insert(remoteCommands).values([
      { ...row, cmdId: `${row.cmdId}-r`, action: 'READ' },
      { ...row, cmdId: `${row.cmdId}-f`, status: 'FAILED' },
    ]);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'lets one in when every write has passed the check before any is stored (PostgreSQL)',
    async () => {
      const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
      const [locker, watcher] = [await pool.connect(), await pool.connect()];
      const waiting = async () =>
        (
          await watcher.query(
            `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'remote_commands'::regclass`,
          )
        ).rows[0].n as number;
      const n = 4;
      try {
        // Reads pass a SHARE lock, inserts wait for it: each write checks, finds none open, and waits to store.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE remote_commands IN SHARE MODE');
        const answers = Promise.all(Array.from({ length: n }, (_, i) => write(f.invA2, 50 + i)));
        for (let i = 0; i < 400 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 25));
        expect(await waiting()).toBe(n);
        await locker.query('COMMIT');
        const done = await answers;
        expect(done.map((a) => a.status).sort()).toEqual([200, ...Array(n - 1).fill(409)]);
        for (const a of done.filter((x) => x.status === 409)) expect(a.body).toEqual(busy);
        expect(await openWrites(f.invA2)).toHaveLength(1);
      } finally {
        locker.release();
        watcher.release();
      }
    },
  );
});
