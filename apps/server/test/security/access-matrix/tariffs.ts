import { plantTariffPeriods } from '../../../src/db/schema/index.ts';
import type { TestApp } from '../../helper.ts';
import type { Side } from '../fixtures/sides.ts';
import { type MatrixEntry, row, serial } from './shared.ts';

/**
 * The permission matrix's rows: a plant's tariff periods (decision 023), read where the plant's detail
 * is read, changed like the plant itself by its managers. Every period lies in a year of its own far
 * ahead, so that calls never overlap each other and ask for no recomputation.
 */

// Like the plant detail: the owner and the guest read; another installer's users 404.
const READERS = '200 200 200 404 200 404 200 200 404 401';
// Like editing the plant: its managers in scope; the owner, guest and demo login 403; others' 404.
const MANAGERS = '200 200 200 404 403 403 403 403 404 401';

const year = () => 3000 + serial();

/** A period of the side's plant, made in the database. */
async function periodOf(t: TestApp, side: Side, kind: 'FLAT' | 'DYNAMIC' = 'FLAT') {
  const y = year();
  const [made] = await t.ctx.db
    .insert(plantTariffPeriods)
    .values({
      plantId: side.plant.id,
      direction: 'PURCHASE',
      kind,
      validFrom: `${y}-01-01`,
      validTo: `${y}-12-31`,
      price: 0.3,
    })
    .returning({ id: plantTariffPeriods.id });
  return { id: made!.id, year: y };
}

export const TARIFF_ROWS: MatrixEntry[] = [
  {
    route: 'POST /station/tariff/list',
    token: 'read',
    expect: row(READERS),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
  {
    route: 'GET /station/tariff/recompute/:id',
    token: 'read',
    expect: row(READERS),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'POST /station/tariff/add',
    token: 'write',
    expect: row(MANAGERS),
    request: ({ side }) => {
      const y = year();
      return {
        body: {
          stationId: side.plant.id,
          direction: 'FEED_IN',
          kind: 'FLAT',
          validFrom: `${y}-01-01`,
          validTo: `${y}-12-31`,
          price: 0.08,
        },
      };
    },
  },
  {
    route: 'POST /station/tariff/edit',
    token: 'write',
    expect: row(MANAGERS),
    request: async ({ t, side }) => {
      const p = await periodOf(t, side);
      return {
        body: {
          id: p.id,
          direction: 'PURCHASE',
          kind: 'FLAT',
          validFrom: `${p.year}-01-01`,
          validTo: `${p.year}-06-30`,
          price: 0.31,
        },
      };
    },
  },
  {
    route: 'POST /station/tariff/delete',
    token: 'write',
    expect: row(MANAGERS),
    request: async ({ t, side }) => ({ body: { id: (await periodOf(t, side)).id } }),
  },
  {
    route: 'POST /station/tariff/prices',
    token: 'write',
    expect: row(MANAGERS),
    request: async ({ t, side }) => {
      const p = await periodOf(t, side, 'DYNAMIC');
      return { body: { periodId: p.id, prices: [{ time: `${p.year}-03-01T10:00:00Z`, price: 0.2 }] } };
    },
  },
  {
    route: 'POST /station/tariff/import',
    token: 'write',
    expect: row(MANAGERS),
    request: async ({ t, side }) => {
      const p = await periodOf(t, side, 'DYNAMIC');
      return {
        file: {
          data: Buffer.from(`${p.year}-03-01 10:00;0,21\n${p.year}-03-01 11:00;0,19\n`),
          name: 'prices.csv',
          type: 'text/csv',
        },
        fields: { periodId: String(p.id), commit: 'false' },
      };
    },
  },
];
