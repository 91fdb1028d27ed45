import type { TariffBand, TariffDirection, TariffKind } from '@pvstar/contract/tariff';
import { sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { DbOrTx } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import type { PriceBook } from './tariff.ts';

/** Series prices can start up to an hour before the instant they price (hourly resolution). */
const SERIES_LEAD_MS = 3_600_000;

/**
 * The price books of some plants for the instants `fromMs`…`toMs`: their flat prices, the periods in
 * force on the local days those instants can fall on, and the series prices of dynamic periods within
 * the span. Index reads only, by plant and by (period, time): an ingest batch asks for the plants and
 * the span its readings touch (decision 018: cost with the batch, not the history).
 */
export async function loadPriceBooks(
  db: DbOrTx,
  plantIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, PriceBook>> {
  const books = new Map<number, PriceBook>();
  if (!plantIds.length) return books;
  // Local days lie within 14 hours of UTC days: a day's slack either side covers every zone.
  const fromDay = new Date(fromMs - 86_400_000).toISOString().slice(0, 10);
  const toDay = new Date(toMs + 86_400_000).toISOString().slice(0, 10);
  // One round trip: each plant with the periods in force within the span (none: one row of nulls).
  const rows = await sqlRows<{
    plant_id: number;
    tz: string;
    fi: number | null;
    pp: number | null;
    id: number | null;
    direction: TariffDirection;
    kind: TariffKind;
    valid_from: string;
    valid_to: string | null;
    price: number | null;
    bands: TariffBand[];
    grid_fee: number;
    resolution_minutes: number | null;
  }>(
    db,
    sql`SELECT p.id AS plant_id, p.timezone AS tz, p.feed_in_price::float8 AS fi, p.purchase_price::float8 AS pp,
          t.id, t.direction, t.kind, t.valid_from::text, t.valid_to::text, t.price, t.bands, t.grid_fee, t.resolution_minutes
        FROM plants p
        LEFT JOIN plant_tariff_periods t ON t.plant_id = p.id AND t.valid_from <= ${toDay}::date
          AND (t.valid_to IS NULL OR t.valid_to >= ${fromDay}::date)
        WHERE p.id = ANY(${intArray([...plantIds])})`,
  );
  const periods = rows.filter((r) => r.id !== null);
  for (const p of rows)
    if (!books.has(p.plant_id))
      books.set(p.plant_id, {
        timeZone: p.tz,
        flat: { feedIn: p.fi ?? 0, purchase: p.pp ?? 0 },
        periods: [],
        series: new Map(),
      });
  const dynamic: number[] = [];
  for (const r of periods) {
    books.get(r.plant_id)!.periods.push({
      id: r.id!,
      direction: r.direction,
      kind: r.kind,
      validFrom: r.valid_from,
      validTo: r.valid_to,
      price: r.price,
      bands: r.bands,
      gridFee: r.grid_fee,
      resolutionMinutes: r.resolution_minutes,
    });
    if (r.kind === 'DYNAMIC') dynamic.push(r.id!);
  }
  if (dynamic.length) {
    const prices = await sqlRows<{ p: number; t: number; v: number }>(
      db,
      sql`SELECT period_id AS p, round(extract(epoch FROM starts_at) * 1000)::float8 AS t, price AS v
          FROM plant_tariff_prices
          WHERE period_id = ANY(${intArray(dynamic)})
            AND starts_at > ${new Date(fromMs - SERIES_LEAD_MS).toISOString()}::timestamptz
            AND starts_at <= ${new Date(toMs).toISOString()}::timestamptz`,
    );
    const owner = new Map(periods.map((r) => [r.id!, r.plant_id]));
    for (const r of prices) {
      const book = books.get(owner.get(r.p)!)!;
      const series = book.series.get(r.p) ?? new Map<number, number>();
      series.set(r.t, r.v);
      book.series.set(r.p, series);
    }
  }
  return books;
}
