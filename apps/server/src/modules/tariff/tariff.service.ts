import { PERM } from '@pvstar/contract/perm';
import type {
  TariffImportResult,
  TariffList,
  TariffPeriod,
  TariffPeriodBody,
  TariffPeriodEditBody,
} from '@pvstar/contract/tariff';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { intArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { organizations, plants, plantTariffPeriods, plantTariffPrices } from '../../db/schema/index.ts';
import { localDay } from '../../domain/calendar.ts';
import type { Caller } from '../../domain/caller.ts';
import { plantScope, scopedPlant } from '../../domain/plants.ts';
import { overlappingBand } from '../../domain/tariff.ts';
import { audit } from '../../lib/audit.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { requireManager } from '../role/role-access.ts';
import { checkRows, type LineError, outsidePeriod, type PriceRow } from './tariff-prices.ts';
import { recomputeStatus, requestRecompute } from './tariff-queue.ts';

type PeriodRow = typeof plantTariffPeriods.$inferSelect;
type PeriodInput = Omit<TariffPeriodBody, 'stationId'>;

/** Per-line problems of a price list, as a 422 naming every line (at most 100). */
export class PriceLinesError extends Error {
  constructor(readonly errors: LineError[]) {
    super('tariff.lines');
  }
}

/** A period's fields as stored: bands only for TOU, the grid fee only for purchase. */
function normalise(body: PeriodInput) {
  return {
    direction: body.direction,
    kind: body.kind,
    validFrom: body.validFrom,
    validTo: body.validTo ?? null,
    price: body.price ?? null,
    bands: body.kind === 'TOU' ? (body.bands ?? []) : [],
    gridFee: body.direction === 'PURCHASE' ? (body.gridFee ?? 0) : 0,
  };
}

/** The domain's rules on one period; each failure names its field (422). */
function checkPeriod(body: PeriodInput) {
  if (body.validTo && body.validTo < body.validFrom)
    throw invalidField('validTo', 'tariff.toBeforeFrom', 422);
  if (body.kind === 'FLAT' && (body.price === null || body.price === undefined))
    throw invalidField('price', 'validation.required', 422);
  if (body.direction === 'FEED_IN' && (body.gridFee ?? 0) !== 0)
    throw invalidField('gridFee', 'tariff.gridFeePurchaseOnly', 422);
  if (body.kind === 'TOU') {
    const bands = body.bands ?? [];
    if (!bands.length) throw invalidField('bands', 'tariff.bandsRequired', 422);
    bands.forEach((b, i) => {
      if (b.toHour <= b.fromHour) throw invalidField(`bands[${i}].toHour`, 'tariff.bandHours', 422);
    });
    const overlap = overlappingBand(bands);
    if (overlap !== undefined) throw invalidField(`bands[${overlap}]`, 'tariff.bandOverlap', 422);
  }
}

/** Another period of the plant and direction sharing a day with `from`…`to` (open-ended: null). */
async function overlapping(db: DbOrTx, plantId: number, p: ReturnType<typeof normalise>, except?: number) {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM plant_tariff_periods
        WHERE plant_id = ${plantId} AND direction = ${p.direction} AND id <> ${except ?? 0}
          AND valid_from <= coalesce(${p.validTo}::date, 'infinity'::date)
          AND coalesce(valid_to, 'infinity'::date) >= ${p.validFrom}::date
        LIMIT 1`,
  );
  return rows.length > 0;
}

const toIso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export type TariffDeps = Pick<AppContext, 'db'>;

/**
 * A plant's tariff periods: read where its detail is (the caller's scope), changed by its managers.
 * Each change asks for the days it affects to be recomputed in the background (tariff-queue.ts).
 */
export function createTariffService(deps: TariffDeps) {
  return { ...createTariffPeriods(deps), ...createTariffEdits(deps), ...createTariffPrices(deps) };
}
export type TariffService = ReturnType<typeof createTariffService>;

/** A period in scope, and a plant's periods. */
function createTariffQueries(ctx: TariffDeps) {
  const { db } = ctx;
  /** A period of a plant in the caller's scope (another's: 404), with its plant. */
  async function scopedPeriod(caller: Caller, id: number) {
    const [row] = await db
      .select({ period: plantTariffPeriods, plant: plants })
      .from(plantTariffPeriods)
      .innerJoin(plants, eq(plants.id, plantTariffPeriods.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .where(and(eq(plantTariffPeriods.id, id), plantScope(caller)));
    if (!row) throw notFound();
    return row;
  }

  async function periodsOf(plantId: number): Promise<TariffPeriod[]> {
    const rows = await db
      .select()
      .from(plantTariffPeriods)
      .where(eq(plantTariffPeriods.plantId, plantId))
      .orderBy(asc(plantTariffPeriods.direction), asc(plantTariffPeriods.validFrom));
    const dynamic = rows.filter((r) => r.kind === 'DYNAMIC').map((r) => r.id);
    const extent = new Map<number, { n: number; first: string; last: string }>();
    if (dynamic.length)
      for (const e of await sqlRows<{ p: number; n: number; first: Date | string; last: Date | string }>(
        db,
        sql`SELECT period_id AS p, count(*)::int AS n, min(starts_at) AS first, max(starts_at) AS last
            FROM plant_tariff_prices WHERE period_id = ANY(${intArray(dynamic)}) GROUP BY period_id`,
      ))
        extent.set(e.p, { n: e.n, first: toIso(e.first)!, last: toIso(e.last)! });
    return rows.map((r: PeriodRow) => ({
      id: r.id,
      direction: r.direction,
      kind: r.kind,
      validFrom: r.validFrom,
      validTo: r.validTo,
      price: r.price,
      bands: r.bands,
      gridFee: r.gridFee,
      resolutionMinutes: r.resolutionMinutes,
      priceCount: extent.get(r.id)?.n ?? 0,
      firstPriceAt: extent.get(r.id)?.first ?? null,
      lastPriceAt: extent.get(r.id)?.last ?? null,
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  return { scopedPeriod, periodsOf };
}

/**  */
function createPriceStore(ctx: TariffDeps) {
  const { db } = ctx;
  /** Stores checked prices of a dynamic period: replaces those from the first to the last row. */
  async function storePrices(
    caller: Caller,
    period: PeriodRow,
    plant: { id: number; timezone: string },
    checked: { rows: PriceRow[]; resolution: number },
    ip: string,
  ) {
    const { rows, resolution } = checked;
    const first = rows[0]!.at;
    const last = rows[rows.length - 1]!.at;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        DELETE FROM plant_tariff_prices WHERE period_id = ${period.id}
          AND starts_at >= ${new Date(first).toISOString()}::timestamptz
          AND starts_at <= ${new Date(last).toISOString()}::timestamptz`);
      for (let i = 0; i < rows.length; i += 2000)
        await tx
          .insert(plantTariffPrices)
          .values(
            rows
              .slice(i, i + 2000)
              .map((r) => ({ periodId: period.id, startsAt: new Date(r.at), price: r.price })),
          );
      await tx
        .update(plantTariffPeriods)
        .set({ resolutionMinutes: resolution, updatedBy: caller.userId, updatedAt: new Date() })
        .where(eq(plantTariffPeriods.id, period.id));
      await audit(tx, caller, {
        action: 'tariff.prices',
        targetType: 'plant',
        targetId: plant.id,
        detail: {
          periodId: period.id,
          count: rows.length,
          from: toIso(new Date(first)),
          to: toIso(new Date(last)),
        },
        ip,
      });
      await requestRecompute(tx, plant.id, {
        from: localDay(first, plant.timezone),
        to: localDay(last + resolution * 60_000 - 1, plant.timezone),
      });
    });
  }
  return { storePrices };
}

/** A plant's periods, its recompute status, and a new period. */
function createTariffPeriods(ctx: TariffDeps) {
  const { db } = ctx;
  const { periodsOf } = createTariffQueries(ctx);
  return {
    async list(caller: Caller, stationId: number): Promise<TariffList> {
      const plant = await scopedPlant(db, caller, stationId);
      return {
        currency: plant.currency,
        timezone: plant.timezone,
        feedInPrice: plant.feedInPrice === null ? null : Number(plant.feedInPrice),
        purchasePrice: plant.purchasePrice === null ? null : Number(plant.purchasePrice),
        periods: await periodsOf(plant.id),
        recompute: await recomputeStatus(db, plant.id),
      };
    },

    async recompute(caller: Caller, stationId: number) {
      const plant = await scopedPlant(db, caller, stationId);
      return recomputeStatus(db, plant.id);
    },

    async add(caller: Caller, body: TariffPeriodBody, ip: string): Promise<{ id: number }> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, body.stationId);
      checkPeriod(body);
      const values = normalise(body);
      if (await overlapping(db, plant.id, values)) throw invalidField('validFrom', 'tariff.overlap', 422);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(plantTariffPeriods)
          .values({ plantId: plant.id, ...values, updatedBy: caller.userId })
          .returning({ id: plantTariffPeriods.id });
        await audit(tx, caller, {
          action: 'tariff.add',
          targetType: 'plant',
          targetId: plant.id,
          detail: { periodId: row!.id, ...values },
          ip,
        });
        await requestRecompute(tx, plant.id, { from: values.validFrom, to: values.validTo });
        return { id: row!.id };
      });
    },
  };
}

/** Editing and deleting a period. */
function createTariffEdits(ctx: TariffDeps) {
  const { db } = ctx;
  const { scopedPeriod } = createTariffQueries(ctx);
  return {
    async edit(caller: Caller, body: TariffPeriodEditBody, ip: string): Promise<void> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const { period, plant } = await scopedPeriod(caller, body.id);
      checkPeriod(body);
      const values = normalise(body);
      if (await overlapping(db, plant.id, values, period.id))
        throw invalidField('validFrom', 'tariff.overlap', 422);
      await db.transaction(async (tx) => {
        await tx
          .update(plantTariffPeriods)
          .set({
            ...values,
            resolutionMinutes: values.kind === 'DYNAMIC' ? period.resolutionMinutes : null,
            updatedBy: caller.userId,
            updatedAt: new Date(),
          })
          .where(eq(plantTariffPeriods.id, period.id));
        if (values.kind !== 'DYNAMIC')
          await tx.delete(plantTariffPrices).where(eq(plantTariffPrices.periodId, period.id));
        await audit(tx, caller, {
          action: 'tariff.edit',
          targetType: 'plant',
          targetId: plant.id,
          detail: { periodId: period.id, ...values },
          ip,
        });
        // The days of the old and the new validity both change.
        const from = values.validFrom < period.validFrom ? values.validFrom : period.validFrom;
        const to =
          values.validTo === null || period.validTo === null
            ? null
            : values.validTo > period.validTo
              ? values.validTo
              : period.validTo;
        await requestRecompute(tx, plant.id, { from, to });
      });
    },

    async delete(caller: Caller, id: number, ip: string): Promise<void> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const { period, plant } = await scopedPeriod(caller, id);
      await db.transaction(async (tx) => {
        await tx.delete(plantTariffPeriods).where(eq(plantTariffPeriods.id, period.id));
        await audit(tx, caller, {
          action: 'tariff.delete',
          targetType: 'plant',
          targetId: plant.id,
          detail: {
            periodId: period.id,
            direction: period.direction,
            kind: period.kind,
            validFrom: period.validFrom,
          },
          ip,
        });
        await requestRecompute(tx, plant.id, { from: period.validFrom, to: period.validTo });
      });
    },
  };
}

function createTariffPrices(ctx: TariffDeps) {
  const { db } = ctx;
  const { scopedPeriod } = createTariffQueries(ctx);
  const { storePrices } = createPriceStore(ctx);
  return {
    /**
     * Prices of a dynamic period from lines [line, time, price]: checked line by line, then stored
     * (`commit`) or only previewed.
     */
    async prices(
      caller: Caller,
      o: { periodId: number; perMwh: boolean; commit: boolean; header: boolean },
      lines: () => Promise<[number, unknown, unknown][]>,
      ip: string,
    ): Promise<TariffImportResult> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const { period, plant } = await scopedPeriod(caller, o.periodId);
      if (period.kind !== 'DYNAMIC') throw invalidField('periodId', 'tariff.notDynamic', 422);
      const checked = checkRows(await lines(), {
        timeZone: plant.timezone,
        perMwh: o.perMwh,
        known: period.resolutionMinutes,
        header: o.header,
      });
      const errors = checked.errors.length
        ? checked.errors
        : outsidePeriod(checked.rows, period, plant.timezone);
      if (errors.length) throw new PriceLinesError(errors);
      const { rows } = checked;
      if (o.commit) await storePrices(caller, period, plant, checked, ip);
      const values = rows.map((r) => r.price);
      return {
        saved: o.commit,
        count: rows.length,
        resolutionMinutes: checked.resolution,
        firstAt: new Date(rows[0]!.at).toISOString(),
        lastAt: new Date(rows[rows.length - 1]!.at).toISOString(),
        min: values.reduce((a, b) => Math.min(a, b)),
        max: values.reduce((a, b) => Math.max(a, b)),
        mean: values.reduce((a, b) => a + b, 0) / values.length,
        sample: rows.slice(0, 8).map((r) => ({ time: new Date(r.at).toISOString(), price: r.price })),
      };
    },
  };
}
