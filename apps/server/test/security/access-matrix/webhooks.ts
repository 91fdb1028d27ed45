import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../../../src/db/schema/index.ts';
import type { TestApp } from '../../helper.ts';
import type { Side } from '../fixtures/sides.ts';
import { type MatrixEntry, page, row } from './shared.ts';

/**
 * The permission matrix's rows: webhooks (2007005, provider, dealer and installer admins; not for view-only
 * roles). An endpoint belongs to an organisation: another tenant's answers 404.
 */

/** A public address literal: registration resolves nothing and no delivery goes out in the matrix. */
const urlOf = (side: Side) => `https://93.184.215.14/matrix-hook-${side.label}-${side.org.id}`;
const sideHooks = new WeakMap<TestApp, Map<number, number>>();

/** The side's own endpoint, made once per test app. */
async function hookOf(t: TestApp, side: Side): Promise<number> {
  const known = sideHooks.get(t) ?? new Map<number, number>();
  sideHooks.set(t, known);
  const id = known.get(side.org.id);
  if (id) {
    const [still] = await t.ctx.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id));
    if (still) return id;
  }
  const [made] = await t.ctx.db
    .insert(webhooks)
    .values({ orgId: side.org.id, url: urlOf(side), secret: 'whsec_matrix', events: ['alarm.raised'] })
    .returning({ id: webhooks.id });
  known.set(side.org.id, made!.id);
  return made!.id;
}

const throwawayHook = async (t: TestApp, side: Side) =>
  (
    await t.ctx.db
      .insert(webhooks)
      .values({ orgId: side.org.id, url: urlOf(side), secret: 'whsec_gone', events: ['alarm.ended'] })
      .returning({ id: webhooks.id })
  )[0]!.id;

async function deliveryOf(t: TestApp, side: Side) {
  const webhookId = await hookOf(t, side);
  const [d] = await t.ctx.db
    .insert(webhookDeliveries)
    .values({ webhookId, eventType: 'webhook.test', payload: { plant: null, data: {} } })
    .returning({ id: webhookDeliveries.id });
  return d!.id;
}

// admin dealer installerA installerB owner neighbour guest demo bAll none
const MANAGE = '200 200 200 404 403 403 403 403 404 401';

export const WEBHOOK_ROWS: MatrixEntry[] = [
  {
    route: 'POST /system/webhook/page',
    token: 'none',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: async ({ t, side }) => {
      await hookOf(t, side);
      return { query: page, body: {} };
    },
    hides: (s) => [urlOf(s)],
  },
  {
    route: 'POST /system/webhook/add',
    token: 'none',
    expect: row(MANAGE),
    request: ({ side }) => ({
      body: { orgId: side.org.id, url: urlOf(side), events: ['alarm.raised', 'plant.offline'] },
    }),
  },
  {
    route: 'POST /system/webhook/edit',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side }) => ({
      body: {
        id: await hookOf(t, side),
        orgId: side.org.id,
        url: urlOf(side),
        events: ['alarm.raised'],
        enabled: true,
      },
    }),
  },
  {
    route: 'POST /system/webhook/delete',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side, allowed }) => ({
      body: { id: allowed ? await throwawayHook(t, side) : await hookOf(t, side) },
    }),
  },
  {
    route: 'POST /system/webhook/rotateSecret',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side }) => ({ body: { id: await hookOf(t, side) } }),
  },
  {
    route: 'POST /system/webhook/resume',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side }) => ({ body: { id: await hookOf(t, side) } }),
  },
  {
    route: 'POST /system/webhook/test',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side }) => ({ body: { id: await hookOf(t, side) } }),
  },
  {
    route: 'POST /system/webhook/delivery/page',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side }) => ({ query: page, body: { webhookId: await hookOf(t, side) } }),
  },
  {
    route: 'POST /system/webhook/delivery/resend',
    token: 'none',
    expect: row(MANAGE),
    request: async ({ t, side }) => ({ body: { id: await deliveryOf(t, side) } }),
  },
];
