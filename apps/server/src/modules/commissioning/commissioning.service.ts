import {
  type Checklist,
  type ChecklistItem,
  COMMISSIONING_ITEMS,
  type CommissioningItem,
  type ConsentState,
  type TickBody,
} from '@pvstar/contract/commissioning';
import { PERM } from '@pvstar/contract/perm';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { commissioningTicks, plantCommissioning, plantConsents, type plants } from '../../db/schema/index.ts';
import type { Caller } from '../../domain/caller.ts';
import { scopedPlant } from '../../domain/plants.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { requirePictureOfReach } from '../file/file.service.ts';
import { requireManager } from '../role/role-access.ts';
import { checkPlantData } from './commissioning-checks.ts';

/** The owner's consent for a plant: the linked owner's row, or null while none was recorded. */
export async function consentOf(
  db: DbOrTx,
  plantId: number,
  ownerUserId: number | null,
): Promise<ConsentState | null> {
  if (ownerUserId === null) return null;
  const [row] = await db
    .select()
    .from(plantConsents)
    .where(and(eq(plantConsents.plantId, plantId), eq(plantConsents.userId, ownerUserId)));
  if (!row) return null;
  return {
    given: row.withdrawnAt === null,
    givenAt: row.givenAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

/**
 * The checklist of a plant as it stands: each item checked against the data now, or — once completed —
 * the items as they were kept at completion.
 */
export async function checklistOf(db: DbOrTx, plant: typeof plants.$inferSelect): Promise<Checklist> {
  const [row] = await db.select().from(plantCommissioning).where(eq(plantCommissioning.plantId, plant.id));
  const consent = await consentOf(db, plant.id, plant.ownerUserId);
  if (row?.completedAt && row.result)
    return {
      stationId: plant.id,
      commissioning: false,
      ready: true,
      completedAt: row.completedAt.toISOString(),
      completedBy: row.completedByName,
      items: row.result,
      consent,
    };
  const [data, ticks] = await Promise.all([
    checkPlantData(db, plant.id),
    db.select().from(commissioningTicks).where(eq(commissioningTicks.plantId, plant.id)),
  ]);
  const tickOf = new Map(ticks.map((t) => [t.item, t]));
  const items: ChecklistItem[] = COMMISSIONING_ITEMS.map((item) => {
    const verdict = data[item];
    const tick = tickOf.get(item);
    const state: ChecklistItem['state'] =
      verdict.passed === true
        ? 'PASSED'
        : tick
          ? 'TICKED'
          : verdict.passed === null
            ? 'NOT_APPLICABLE'
            : 'OPEN';
    return {
      item,
      state,
      passedByData: verdict.passed === true,
      facts: verdict.facts,
      tickedBy: tick?.username ?? null,
      tickedAt: tick?.at.toISOString() ?? null,
      note: tick?.note ?? null,
      photo: tick?.photo ?? null,
    };
  });
  return {
    stationId: plant.id,
    commissioning: Boolean(row),
    ready: items.every((i) => i.state !== 'OPEN'),
    completedAt: null,
    completedBy: null,
    items,
    consent,
  };
}

/**
 * A plant's commissioning checklist: read by whoever may open the plant, ticked and completed by its
 * managers (the edit code in a managing organisation's role, the plant in their scope).
 */
export function createCommissioningService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** The plant for a change: a manager's, not yet completed. */
  async function openPlant(caller: Caller, stationId: number) {
    await requireManager(db, caller, [PERM.stationEdit]);
    const plant = await scopedPlant(db, caller, stationId);
    const [row] = await db
      .select({ completedAt: plantCommissioning.completedAt })
      .from(plantCommissioning)
      .where(eq(plantCommissioning.plantId, plant.id));
    if (row?.completedAt) throw conflict('commissioning.completed');
    return plant;
  }

  return {
    async checklist(caller: Caller, stationId: number): Promise<Checklist> {
      return checklistOf(db, await scopedPlant(db, caller, stationId));
    },

    async tick(caller: Caller, body: TickBody, ip: string): Promise<Checklist> {
      const plant = await openPlant(caller, body.stationId);
      const photo = body.photo || null;
      await requirePictureOfReach(db, caller, photo, undefined, 'photo');
      const values = {
        userId: caller.userId,
        username: caller.username,
        note: body.note,
        photo,
        at: new Date(),
      };
      await db
        .insert(commissioningTicks)
        .values({ plantId: plant.id, item: body.item, ...values })
        .onConflictDoUpdate({ target: [commissioningTicks.plantId, commissioningTicks.item], set: values });
      await audit(db, caller, {
        action: 'commissioning.tick',
        targetType: 'plant',
        targetId: plant.id,
        detail: { item: body.item, note: body.note, photo },
        ip,
      });
      return checklistOf(db, plant);
    },

    async untick(caller: Caller, stationId: number, item: CommissioningItem, ip: string): Promise<Checklist> {
      const plant = await openPlant(caller, stationId);
      const removed = await db
        .delete(commissioningTicks)
        .where(and(eq(commissioningTicks.plantId, plant.id), eq(commissioningTicks.item, item)))
        .returning({ item: commissioningTicks.item });
      if (removed.length)
        await audit(db, caller, {
          action: 'commissioning.untick',
          targetType: 'plant',
          targetId: plant.id,
          detail: { item },
          ip,
        });
      return checklistOf(db, plant);
    },

    /** Completes it when every item passed or was ticked (409 otherwise); the items are kept as they are. */
    async complete(caller: Caller, stationId: number, ip: string): Promise<Checklist> {
      const plant = await openPlant(caller, stationId);
      const list = await checklistOf(db, plant);
      if (!list.ready) throw new AppError(409, 'commissioning.notReady');
      const done = {
        completedAt: new Date(),
        completedBy: caller.userId,
        completedByName: caller.username,
        result: list.items,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(plantCommissioning)
          .values({ plantId: plant.id, ...done })
          .onConflictDoUpdate({ target: plantCommissioning.plantId, set: done });
        await audit(tx, caller, {
          action: 'commissioning.complete',
          targetType: 'plant',
          targetId: plant.id,
          detail: { items: list.items.map((i) => ({ item: i.item, state: i.state })) },
          ip,
        });
      });
      return checklistOf(db, plant);
    },
  };
}
