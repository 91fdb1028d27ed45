import { SHARE_TOKEN_PREFIX } from '@pvstar/contract/plant-share';
import { plantShareLinks } from '../../../src/db/schema/index.ts';
import { newToken, sha256 } from '../../../src/lib/crypto.ts';
import type { TestApp } from '../../helper.ts';
import type { Side } from '../fixtures/sides.ts';
import { type MatrixEntry, PUBLIC, row } from './shared.ts';

/** The permission matrix's rows: a plant's share links (its managers) and the public plant page (anyone). */

/** A live link of the side's plant, made in the database (the add route is a row of its own). */
async function liveLink(t: TestApp, side: Side) {
  const token = newToken();
  const [link] = await t.ctx.db
    .insert(plantShareLinks)
    .values({
      plantId: side.plant.id,
      tokenHash: sha256(token),
      tokenPrefix: token.slice(0, SHARE_TOKEN_PREFIX),
    })
    .returning({ id: plantShareLinks.id });
  return { id: link!.id, token };
}

// Like editing the plant: its managers in scope; the owner, guest and demo login 403; others' 404.
const MANAGERS = '200 200 200 404 403 403 403 403 404 401';

export const PLANT_SHARE_ROWS: MatrixEntry[] = [
  {
    route: 'POST /station/share/add',
    token: 'none',
    expect: row(MANAGERS),
    request: ({ side }) => ({ body: { stationId: side.plant.id, label: 'Matrix' } }),
  },
  {
    route: 'POST /station/share/revoke',
    token: 'none',
    expect: row(MANAGERS),
    request: async ({ t, side }) => ({ body: { id: (await liveLink(t, side)).id } }),
  },
  {
    route: 'POST /station/share/page',
    token: 'none',
    expect: row(MANAGERS),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
  // The public page: the link is the credential, a session changes nothing (every column alike).
  {
    route: 'GET /public/plant/:token',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ params: { token: (await liveLink(t, side)).token } }),
  },
  {
    route: 'GET /public/plant/:token/data',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ params: { token: (await liveLink(t, side)).token } }),
  },
];
