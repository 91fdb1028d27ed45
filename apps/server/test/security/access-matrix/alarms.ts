import { eq } from 'drizzle-orm';
import { alarms } from '../../../src/db/schema/index.ts';
import { type CallContext, type MatrixEntry, page, row, SIGNED_IN } from './shared.ts';

/** The permission matrix's rows: alarms. */

/** Only an ongoing alarm is acknowledged or closed: an earlier caller's close is undone first. */
const reopen = async ({ t, side }: CallContext) => {
  await t.ctx.db
    .update(alarms)
    .set({ status: 'ONGOING', endedAt: null, ackAt: null })
    .where(eq(alarms.id, side.alarmId));
};

export const ALARM_ROWS: MatrixEntry[] = [
  // Alarms (2004001; the plant detail's code reads them too).
  {
    route: 'POST /iot/alarm/page',
    token: 'read',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ query: page, body: { stationId: side.plant.id } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'POST /iot/alarm/summary',
    token: 'read',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
  {
    // Every seeded role holds the alert center's code; each counts its own scope (alarm.test.ts).
    route: 'GET /iot/alarm/bell',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({}),
  },
  {
    route: 'POST /iot/alarm/detail',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { id: side.alarmId } }),
  },
  {
    route: 'POST /iot/alarm/acknowledge',
    token: 'write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    prepare: reopen,
    request: ({ side }) => ({ body: { ids: [side.alarmId], comment: 'Seen' } }),
  },
  {
    route: 'POST /iot/alarm/close',
    token: 'write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    prepare: reopen,
    request: ({ side }) => ({ body: { ids: [side.alarmId], comment: 'Fixed on site' } }),
  },
  {
    route: 'POST /iot/alarm/export',
    token: 'read',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
    hides: (s) => [s.plant.name],
  },
];
