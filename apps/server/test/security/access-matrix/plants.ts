import { unique } from '../../helper.ts';
import { PNG } from '../fixtures/sample-files.ts';
import type { Side } from '../fixtures/sides.ts';
import { throwaway } from '../fixtures/throwaway.ts';
import { freshSerial, type MatrixEntry, page, row, SIGNED_IN, yesterday } from './shared.ts';

/** The permission matrix's rows: plants, their data and pictures. */

const pictureName = (side: Side) => side.plant.picture.split('/').pop()!;
/** A valid new plant for the side's installer organisation (fresh serials each time). */
const newPlant = (side: Side) => ({
  stationName: unique('Matrix new plant '),
  stationType: 'PHOTOVOLTAIC',
  installedCapacity: 4.2,
  countryCode: 'DE',
  latitude: 48.37,
  longitude: 10.89,
  orgId: side.org.id,
  devices: {
    dongles: [
      {
        sn: freshSerial('MXN-DGL'),
        inverters: [{ sn: freshSerial('MXN-INV'), inverterType: 'SINGLE_PHASE' }],
      },
    ],
  },
});

export const PLANT_ROWS: MatrixEntry[] = [
  // Plants (2001…): the owner sees the plant it owns, the guest its installer's.
  {
    route: 'POST /station/station/page',
    token: 'read',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ query: page, body: { orgId: side.org.id } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'POST /station/station/kpi',
    token: 'read',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ body: { orgId: side.org.id } }),
  },
  {
    // The fleet map: the whole scope, not a page.
    route: 'POST /station/station/map',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({ body: {} }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'GET /station/station/orgTree',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({}),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/station/add',
    token: 'write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: newPlant(side) }),
  },
  {
    route: 'POST /station/station/edit',
    token: 'write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    // The plant as registered; an empty contact keeps the owner's stored one.
    request: ({ side }) => ({ body: { ...side.plant.body, id: side.plant.id, contactInformation: '' } }),
  },
  {
    route: 'POST /station/station/delete',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: async ({ t, side, allowed }) => {
      const plant = allowed ? await throwaway.plant(t, side) : { id: side.plant.id, name: side.plant.name };
      return { body: { id: plant.id, confirmName: plant.name } };
    },
  },
  {
    route: 'POST /station/station/dongle/resetSecret',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { dongleId: side.dongle.id } }),
  },
  {
    route: 'GET /station/station/findAddress/:id',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'GET /station/station/detail/:id',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  // The former path of /station/station/detail/:id (a deprecated alias until its sunset): the same rules.
  {
    route: 'GET /station/station/:id(^\\d+$)',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'GET /station/station/overview/:id',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'GET /station/station/powerCurve/:id',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id }, query: { date: yesterday() } }),
  },
  {
    route: 'GET /station/station/realtime/:id',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'POST /station/station/energy',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { id: side.plant.id, dateType: 'month' } }),
  },
  {
    route: 'GET /station/station/performance/:id',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id }, query: { to: yesterday() } }),
  },
  {
    route: 'POST /file/upload',
    token: 'write',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: () => ({ file: { data: PNG, name: 'roof.png', type: 'image/png' } }),
  },
  {
    // A plant's picture is the plant's: readable where the plant is.
    route: 'GET /file/pictures/:name',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { name: pictureName(side) } }),
  },
];
