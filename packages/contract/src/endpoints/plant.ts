import type { IdParamsSchema, PageResult } from '../api.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import type { OrgTreeNode } from '../org.ts';
import type { PlantPerformance, PlantPerformanceQuerySchema } from '../performance.ts';
import { PERM } from '../perm.ts';
import type {
  PlantEnergy,
  PlantEnergyBodySchema,
  PlantOverview,
  PlantRealtime,
  PowerCurve,
  PowerCurveQuerySchema,
} from '../plant-data.ts';
import type {
  DongleSecret,
  PlantMap,
  ResetSecretBodySchema,
  StationAddBodySchema,
  StationAddress,
  StationDeleteBodySchema,
  StationDetail,
  StationEditBodySchema,
  StationKpi,
  StationPageBodySchema,
  StationPageQuerySchema,
  StationRow,
  StationSaveResult,
} from '../station.ts';

type ById = { params: In<typeof IdParamsSchema> };

/** Plants (wire word: station): the plant center (2001…) and a plant's detail tabs (2001…002). */
export const plant = endpoints('plant', {
  page: post<
    { query: In<typeof StationPageQuerySchema>; body: In<typeof StationPageBodySchema> },
    PageResult<StationRow>
  >('/station/station/page', { perm: PERM.stationMonitor, token: 'read' }, 'List plants'),
  kpi: post<{ body: In<typeof StationPageBodySchema> }, StationKpi>(
    '/station/station/kpi',
    {
      perm: PERM.stationMonitor,
      token: 'read',
    },
    "Get the plant list's key figures",
  ),
  /**
   * The fleet map: every plant of the scope and the list's filters with its place, status and power now (the
   * sort fields of the body are ignored). POST like the list, so it cannot be read as `GET …/:id`.
   */
  map: post<{ body: In<typeof StationPageBodySchema> }, PlantMap>(
    '/station/station/map',
    {
      perm: PERM.stationMonitor,
      token: 'read',
    },
    'Get the fleet map',
  ),
  /** The managing organisations within reach (dealers, installers, the provider), without the org menus. */
  orgTree: get<Record<never, never>, OrgTreeNode[]>(
    '/station/station/orgTree',
    {
      perm: PERM.stationMonitor,
      token: 'read',
    },
    'Get the managing organisations tree',
  ),
  add: post<{ body: In<typeof StationAddBodySchema> }, StationSaveResult>(
    '/station/station/add',
    {
      perm: PERM.stationAdd,
      write: true,
      token: 'write',
    },
    'Add a plant',
  ),
  edit: post<{ body: In<typeof StationEditBodySchema> }, StationSaveResult>(
    '/station/station/edit',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Edit a plant',
  ),
  delete: post<{ body: In<typeof StationDeleteBodySchema> }>(
    '/station/station/delete',
    {
      perm: PERM.stationDelete,
      write: true,
      stepUp: true,
    },
    'Delete a plant',
  ),
  dongleResetSecret: post<{ body: In<typeof ResetSecretBodySchema> }, DongleSecret>(
    '/station/station/dongle/resetSecret',
    { perm: PERM.stationEdit, write: true, stepUp: true },
    'Reissue a dongle secret',
  ),
  address: get<ById, StationAddress>(
    '/station/station/findAddress/:id',
    {
      perm: PERM.stationMonitor,
      token: 'read',
    },
    "Get a plant's address",
  ),
  detail: get<ById, StationDetail>(
    '/station/station/detail/:id',
    {
      perm: PERM.stationMonitor,
      token: 'read',
    },
    'Get a plant',
    { formerPaths: [{ path: '/station/station/:id', deprecated: '2026-11-27', sunset: '2027-06-30' }] },
  ),
  overview: get<ById, PlantOverview>(
    '/station/station/overview/:id',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    "Get a plant's overview",
  ),
  powerCurve: get<ById & { query: In<typeof PowerCurveQuerySchema> }, PowerCurve>(
    '/station/station/powerCurve/:id',
    { perm: PERM.stationDetail, token: 'read' },
    "Get a plant's power curve of a day",
  ),
  realtime: get<ById, PlantRealtime>(
    '/station/station/realtime/:id',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    "Get a plant's real-time values",
  ),
  energy: post<{ body: In<typeof PlantEnergyBodySchema> }, PlantEnergy>(
    '/station/station/energy',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    "Get a plant's energy by period",
  ),
  performance: get<ById & { query: In<typeof PlantPerformanceQuerySchema> }, PlantPerformance>(
    '/station/station/performance/:id',
    { perm: PERM.stationDetail, token: 'read' },
    "Get a plant's performance",
  ),
});
