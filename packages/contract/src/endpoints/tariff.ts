import type { IdBodySchema, IdParamsSchema } from '../api.ts';
import { endpoints, get, type In, post, upload } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  TariffImportResult,
  TariffList,
  TariffListBodySchema,
  TariffPeriodBodySchema,
  TariffPeriodEditBodySchema,
  TariffPricesBodySchema,
  TariffRecompute,
} from '../tariff.ts';

/**
 * A plant's tariff periods (decision 023): read where the plant's detail is read, changed by its
 * managers (the plant edit button's code in a managing organisation's role). Each change recomputes the
 * plant's past days it affects in the background; `recompute` reports how far that is.
 */
export const tariff = endpoints('tariff', {
  /** The plant's periods (both directions, oldest first), flat prices, currency and recomputation. */
  list: post<{ body: In<typeof TariffListBodySchema> }, TariffList>(
    '/station/tariff/list',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    "Get a plant's tariffs",
  ),
  add: post<{ body: In<typeof TariffPeriodBodySchema> }, { id: number }>(
    '/station/tariff/add',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Add a tariff period',
  ),
  edit: post<{ body: In<typeof TariffPeriodEditBodySchema> }>(
    '/station/tariff/edit',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Edit a tariff period',
  ),
  delete: post<{ body: In<typeof IdBodySchema> }>(
    '/station/tariff/delete',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Delete a tariff period',
  ),
  /** A dynamic period's prices as JSON: replaces its stored prices from the first given to the last. */
  prices: post<{ body: In<typeof TariffPricesBodySchema> }, TariffImportResult>(
    '/station/tariff/prices',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    "Set a dynamic tariff's prices",
  ),
  /**
   * A dynamic period's prices from a CSV or xlsx file (multipart `file`, `periodId`, `unit`, `commit`):
   * without `commit=true` a preview that stores nothing.
   */
  import: upload<
    { body: { periodId: string; unit?: 'KWH' | 'MWH'; commit?: 'true' | 'false' } },
    TariffImportResult
  >(
    '/station/tariff/import',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    "Import a dynamic tariff's prices",
  ),
  /** How far the recomputation of the plant's past days is (`:id` the plant). */
  recompute: get<{ params: In<typeof IdParamsSchema> }, TariffRecompute>(
    '/station/tariff/recompute/:id',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    'Get the tariff recomputation progress',
  ),
});
