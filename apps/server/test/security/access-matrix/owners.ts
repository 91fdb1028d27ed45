import { type MatrixEntry, page, row } from './shared.ts';

/** The permission matrix's rows: house owners. */

export const OWNER_ROWS: MatrixEntry[] = [
  // House owners (2003001).
  {
    route: 'POST /system/owner/queryOwner',
    token: 'none',
    expect: row('200 200 200 200 403 403 200 200 200 401'),
    request: ({ side }) => ({ query: page, body: { orgId: side.org.id } }),
    hides: (s) => [s.owner.username],
  },
  {
    route: 'GET /system/owner/plants',
    token: 'none',
    expect: row('200 200 200 404 403 403 200 200 404 401'),
    request: ({ side }) => ({ query: { userId: side.owner.id } }),
  },
];
