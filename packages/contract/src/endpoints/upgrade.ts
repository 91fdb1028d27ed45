import type { IdBodySchema, PageQuerySchema, PageResult } from '../api.ts';
import { download, endpoints, type In, post } from '../endpoint.ts';
import type {
  UpgradeCandidateBodySchema,
  UpgradeCandidateRow,
  UpgradeDevicePageBodySchema,
  UpgradeDeviceRow,
  UpgradeHistoryRow,
  UpgradeRetryBodySchema,
  UpgradeTaskActionBodySchema,
  UpgradeTaskAddBodySchema,
  UpgradeTaskPageBodySchema,
  UpgradeTaskRow,
} from '../firmware.ts';
import { PERM } from '../perm.ts';

// Tasks belong to organisations, not plants: a token limited to some plants is refused them (`wholeScope`).
const LIST = { perm: [PERM.upgradeInverter, PERM.upgradeDetail], wholeScope: true } as const;
const CONTROL = { perm: PERM.upgradeTaskControl, write: true, wholeScope: true } as const;
/** Starting firmware on devices (a new task, a resumed or retried one) needs a recent proof of presence. */
const START = { ...CONTROL, stepUp: true } as const;

type Paged<Body> = { query: In<typeof PageQuerySchema>; body: Body };
type TaskAction = { body: In<typeof UpgradeTaskActionBodySchema> };

/** Upgrade tasks (`/upgrade/inverter`, add-upgrade 2009001001, upgrade-detail 2009001002) and the dongle's download. */
export const upgrade = endpoints('upgrade', {
  candidates: post<Paged<In<typeof UpgradeCandidateBodySchema>>, PageResult<UpgradeCandidateRow>>(
    '/iot/upgrade/candidates',
    { perm: PERM.upgradeAdd },
    'List upgrade candidate devices',
  ),
  taskAdd: post<{ body: In<typeof UpgradeTaskAddBodySchema> }, { id: number }>(
    '/iot/upgrade/task/add',
    {
      perm: PERM.upgradeAdd,
      write: true,
      wholeScope: true,
      stepUp: true,
    },
    'Create an upgrade task',
  ),
  taskPage: post<Paged<In<typeof UpgradeTaskPageBodySchema>>, PageResult<UpgradeTaskRow>>(
    '/iot/upgrade/task/page',
    LIST,
    'List upgrade tasks',
  ),
  taskDetail: post<{ body: In<typeof IdBodySchema> }, UpgradeTaskRow>(
    '/iot/upgrade/task/detail',
    LIST,
    'Get an upgrade task',
  ),
  taskDevices: post<Paged<In<typeof UpgradeDevicePageBodySchema>>, PageResult<UpgradeDeviceRow>>(
    '/iot/upgrade/task/devices',
    LIST,
    "List an upgrade task's devices",
  ),
  /** One device of a task (`id` of its row). */
  taskHistory: post<{ body: In<typeof IdBodySchema> }, UpgradeHistoryRow[]>(
    '/iot/upgrade/task/history',
    LIST,
    "Get a device's upgrade history",
  ),
  taskPause: post<TaskAction>('/iot/upgrade/task/pause', CONTROL, 'Pause an upgrade task'),
  taskResume: post<TaskAction>('/iot/upgrade/task/resume', START, 'Resume an upgrade task'),
  taskCancel: post<TaskAction>('/iot/upgrade/task/cancel', CONTROL, 'Cancel an upgrade task'),
  taskRetry: post<{ body: In<typeof UpgradeRetryBodySchema> }, { count: number }>(
    '/iot/upgrade/task/retry',
    START,
    "Retry an upgrade task's failed devices",
  ),
  /**
   * The image of a firmware.upgrade command, for the dongle it was sent to. The dongle has no session:
   * the short-lived, single-use token in the link is the credential.
   */
  firmwareDownload: download<{ query: { token?: string } }>(
    'GET',
    '/iot/firmware/download',
    {
      public: true,
    },
    'Download a firmware image (dongle)',
  ),
});
