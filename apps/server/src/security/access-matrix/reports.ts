import { type MatrixEntry, row, SIGNED_IN } from './shared.ts';

/** The permission matrix's rows: reports. */

export const REPORT_ROWS: MatrixEntry[] = [
  // Reports (2008): a list of plants must be in scope (else 404); without one, the plants in scope.
  {
    route: 'POST /station/report/energy',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/energy/export',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/fleet',
    expect: row(SIGNED_IN),
    request: () => ({ body: { dateType: 'month' } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/report/fleet/export',
    expect: row(SIGNED_IN),
    request: () => ({ body: { dateType: 'month' } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/report/alarm',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/alarm/export',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
];
