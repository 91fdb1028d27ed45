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
  >('/station/station/page', { perm: PERM.stationMonitor, token: 'read' }),
  kpi: post<{ body: In<typeof StationPageBodySchema> }, StationKpi>('/station/station/kpi', {
    perm: PERM.stationMonitor,
    token: 'read',
  }),
  /**
   * The fleet map: every plant of the scope and the list's filters with its place, status and power now (the
   * sort fields of the body are ignored). POST like the list, so it cannot be read as `GET …/:id`.
   */
  map: post<{ body: In<typeof StationPageBodySchema> }, PlantMap>('/station/station/map', {
    perm: PERM.stationMonitor,
    token: 'read',
  }),
  /** The managing organisations within reach (dealers, installers, the provider), without the org menus. */
  orgTree: get<Record<never, never>, OrgTreeNode[]>('/station/station/orgTree', {
    perm: PERM.stationMonitor,
    token: 'read',
  }),
  add: post<{ body: In<typeof StationAddBodySchema> }, StationSaveResult>('/station/station/add', {
    perm: PERM.stationAdd,
    write: true,
    token: 'write',
  }),
  edit: post<{ body: In<typeof StationEditBodySchema> }, StationSaveResult>('/station/station/edit', {
    perm: PERM.stationEdit,
    write: true,
    token: 'write',
  }),
  delete: post<{ body: In<typeof StationDeleteBodySchema> }>('/station/station/delete', {
    perm: PERM.stationDelete,
    write: true,
    stepUp: true,
  }),
  dongleResetSecret: post<{ body: In<typeof ResetSecretBodySchema> }, DongleSecret>(
    '/station/station/dongle/resetSecret',
    { perm: PERM.stationEdit, write: true, stepUp: true },
  ),
  address: get<ById, StationAddress>('/station/station/findAddress/:id', {
    perm: PERM.stationMonitor,
    token: 'read',
  }),
  detail: get<ById, StationDetail>('/station/station/detail/:id', {
    perm: PERM.stationMonitor,
    token: 'read',
  }),
  overview: get<ById, PlantOverview>('/station/station/overview/:id', {
    perm: PERM.stationDetail,
    token: 'read',
  }),
  powerCurve: get<ById & { query: In<typeof PowerCurveQuerySchema> }, PowerCurve>(
    '/station/station/powerCurve/:id',
    { perm: PERM.stationDetail, token: 'read' },
  ),
  realtime: get<ById, PlantRealtime>('/station/station/realtime/:id', {
    perm: PERM.stationDetail,
    token: 'read',
  }),
  energy: post<{ body: In<typeof PlantEnergyBodySchema> }, PlantEnergy>('/station/station/energy', {
    perm: PERM.stationDetail,
    token: 'read',
  }),
  performance: get<ById & { query: In<typeof PlantPerformanceQuerySchema> }, PlantPerformance>(
    '/station/station/performance/:id',
    { perm: PERM.stationDetail, token: 'read' },
  ),
});
