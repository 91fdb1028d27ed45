import { and, eq, inArray } from 'drizzle-orm';
import { remoteCommands } from '../../../src/db/schema/index.ts';
import { md5 } from '../../../src/lib/crypto.ts';
import { type MatrixEntry, page, row } from './shared.ts';

/** The permission matrix's rows: remote parameters and their audit. */

export const REMOTE_ROWS: MatrixEntry[] = [
  // Remote parameters (2001001006 read, 2001001007 write).
  {
    route: 'POST /iot/remote/params/state',
    token: 'read',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id } }),
  },
  {
    route: 'POST /iot/remote/params/read',
    token: 'write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id } }),
  },
  {
    route: 'POST /iot/remote/params/write',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    // No device answers here: the previous caller's write is still open, so it is closed first.
    prepare: async ({ t, side }) => {
      await t.ctx.db
        .update(remoteCommands)
        .set({ status: 'TIMED_OUT', finishedAt: new Date() })
        .where(
          and(
            eq(remoteCommands.deviceId, side.inverter.id),
            inArray(remoteCommands.status, ['PENDING', 'ACCEPTED', 'VERIFYING']),
          ),
        );
    },
    request: ({ side, caller }) => ({
      body: {
        deviceId: side.inverter.id,
        values: { overVoltage1: 276 },
        disclaimerAccepted: true,
        password: md5(caller.password),
      },
    }),
  },
  {
    route: 'POST /iot/remote/audit/page',
    token: 'read',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ query: page, body: { plantId: side.plant.id, deviceId: side.inverter.id } }),
    hides: (s) => [s.inverter.sn],
  },
  {
    route: 'POST /iot/remote/audit/export',
    token: 'read',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ body: { plantId: side.plant.id, deviceId: side.inverter.id } }),
    hides: (s) => [s.inverter.sn],
  },
];
