import { COMMISSIONING_ITEMS } from '@pvstar/contract/commissioning';
import { commissioningTicks, ownerInvitations, plants } from '../../../src/db/schema/index.ts';
import { md5, newToken, sha256 } from '../../../src/lib/crypto.ts';
import type { TestApp } from '../../helper.ts';
import type { Side } from '../fixtures/sides.ts';
import { email, freshSerial, type MatrixEntry, PUBLIC, row, SIGNED_IN } from './shared.ts';

/**
 * The permission matrix's rows: a plant's commissioning checklist and protocol (whoever may open the
 * plant), ticking, completing and inviting the owner (its managers), the public invitation page and the
 * owner's consent (their own plants only).
 */

/** A plant of the side's installer without an owner account: what an invitation or a completion needs. */
async function ownerlessPlant(t: TestApp, side: Side) {
  const [plant] = await t.ctx.db
    .insert(plants)
    .values({
      plantNo: freshSerial('P-CM'),
      orgId: side.org.id,
      name: `Commissioning ${freshSerial('')}`,
      type: 'PHOTOVOLTAIC',
      installedCapacity: 5,
    })
    .returning({ id: plants.id });
  return plant!.id;
}

/** A ready checklist: every item ticked by hand. */
async function tickedPlant(t: TestApp, side: Side) {
  const id = await ownerlessPlant(t, side);
  await t.ctx.db
    .insert(commissioningTicks)
    .values(
      COMMISSIONING_ITEMS.map((item) => ({ plantId: id, item, username: 'matrix', note: 'Checked on site' })),
    );
  return id;
}

/** A live invitation of an ownerless plant of the side, made in the database (the add route is a row of its own). */
async function liveInvitation(t: TestApp, side: Side, plantId?: number) {
  const token = newToken();
  const [row] = await t.ctx.db
    .insert(ownerInvitations)
    .values({
      plantId: plantId ?? (await ownerlessPlant(t, side)),
      email: email('invited'),
      name: 'Invited owner',
      lang: 'en-GB',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: ownerInvitations.id });
  return { id: row!.id, token };
}

// Like opening the plant: everyone who sees it (its owner, the guest and the demo login too).
const VIEWERS = '200 200 200 404 200 404 200 200 404 401';
// Like editing the plant: its managers in scope; the owner, guest and demo login 403; others' 404.
const MANAGERS = '200 200 200 404 403 403 403 403 404 401';
// The owner's own plant: only they; the demo login may not write; everyone else finds no such plant of theirs.
const OWN_PLANT = '404 404 404 404 200 404 404 403 404 401';

export const COMMISSIONING_ROWS: MatrixEntry[] = [
  {
    route: 'GET /station/commissioning/checklist',
    token: 'read',
    expect: row(VIEWERS),
    request: ({ side }) => ({ query: { stationId: side.plant.id } }),
  },
  {
    route: 'GET /station/commissioning/protocol',
    token: 'read',
    expect: row(VIEWERS),
    request: ({ side }) => ({ query: { stationId: side.plant.id } }),
  },
  {
    route: 'POST /station/commissioning/tick',
    token: 'write',
    expect: row(MANAGERS),
    request: ({ side }) => ({ body: { stationId: side.plant.id, item: 'CLOCK', note: 'Checked on site' } }),
  },
  {
    route: 'POST /station/commissioning/untick',
    token: 'write',
    expect: row(MANAGERS),
    request: ({ side }) => ({ body: { stationId: side.plant.id, item: 'CLOCK' } }),
  },
  {
    route: 'POST /station/commissioning/complete',
    token: 'write',
    expect: row(MANAGERS),
    request: async ({ t, side, allowed }) => ({
      body: { stationId: allowed ? await tickedPlant(t, side) : side.plant.id },
    }),
  },
  {
    route: 'POST /station/invitation/add',
    token: 'none',
    expect: row(MANAGERS),
    request: async ({ t, side, allowed }) => ({
      body: {
        stationId: allowed ? await ownerlessPlant(t, side) : side.plant.id,
        email: email('owner'),
        name: 'New owner',
      },
    }),
  },
  {
    route: 'POST /station/invitation/page',
    token: 'none',
    expect: row(MANAGERS),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
  {
    route: 'POST /station/invitation/revoke',
    token: 'none',
    expect: row(MANAGERS),
    request: async ({ t, side }) => ({ body: { id: (await liveInvitation(t, side, side.plant.id)).id } }),
  },
  // The public invitation page: the link is the credential, a session changes nothing (every column alike).
  {
    route: 'POST /auth/invitation/info',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ body: { token: (await liveInvitation(t, side)).token } }),
  },
  {
    route: 'POST /auth/invitation/accept',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({
      body: {
        token: (await liveInvitation(t, side)).token,
        password: md5('Matrix2026x'),
        confirmPassword: md5('Matrix2026x'),
        consent: true,
        agree: true,
      },
    }),
  },
  { route: 'GET /auth/user/consents', token: 'none', expect: row(SIGNED_IN), request: () => ({}) },
  {
    route: 'POST /auth/user/consent/withdraw',
    token: 'none',
    expect: row(OWN_PLANT),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
  {
    route: 'POST /auth/user/consent/grant',
    token: 'none',
    expect: row(OWN_PLANT),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
];
