import type { UpgradeTaskStatus } from '@pvstar/contract/firmware';
import { eq } from 'drizzle-orm';
import { upgradeTaskDevices, upgradeTasks } from '../../../src/db/schema/index.ts';
import { unique } from '../../helper.ts';
import { type CallContext, type MatrixEntry, page, row } from './shared.ts';

/** The permission matrix's rows: upgrade tasks. */

async function taskState({ t, side }: CallContext, status: UpgradeTaskStatus) {
  await t.ctx.db
    .update(upgradeTasks)
    .set({ status, finishedAt: null })
    .where(eq(upgradeTasks.id, side.task.id));
}

export const UPGRADE_ROWS: MatrixEntry[] = [
  // Upgrade tasks (2009001: provider and dealers; the demo login reads them).
  {
    route: 'POST /iot/upgrade/candidates',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({ query: page, body: { programId: side.program.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/add',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: { name: unique('Matrix new task '), programId: side.program.id, targetIds: [side.inverter.id] },
    }),
  },
  {
    route: 'POST /iot/upgrade/task/page',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { name: side.task.name } }),
    hides: (s) => [s.task.name],
  },
  {
    route: 'POST /iot/upgrade/task/detail',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/devices',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ query: page, body: { taskId: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/history',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ body: { id: side.task.failedRowId } }),
  },
  {
    route: 'POST /iot/upgrade/task/pause',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: (c) => taskState(c, 'RUNNING'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/resume',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: (c) => taskState(c, 'PAUSED'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/cancel',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: (c) => taskState(c, 'RUNNING'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/retry',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: async (c) => {
      await taskState(c, 'RUNNING');
      await c.t.ctx.db
        .update(upgradeTaskDevices)
        .set({ status: 'FAILED' })
        .where(eq(upgradeTaskDevices.id, c.side.task.failedRowId));
    },
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
];
