import { describe, expect, it } from 'vitest';
import { bandAt, dayMeanPrices, overlappingBand, type PriceBook, priceAt, pricingInstant } from './tariff.ts';

const ZONE = 'Europe/Berlin';
const book = (over: Partial<PriceBook> = {}): PriceBook => ({
  timeZone: ZONE,
  flat: { feedIn: 0.08, purchase: 0.3 },
  periods: [],
  series: new Map(),
  ...over,
});
const nightBand = { fromMonth: 1, toMonth: 12, days: 'ALL' as const, fromHour: 2, toHour: 3, price: 1 };

describe('tariff prices', () => {
  it('falls back to the flat prices where no period applies, and adds the grid fee to purchase only', () => {
    const b = book({
      periods: [
        {
          id: 1,
          direction: 'PURCHASE',
          kind: 'FLAT',
          validFrom: '2026-06-01',
          validTo: '2026-06-30',
          price: 0.25,
          bands: [],
          gridFee: 0.1,
          resolutionMinutes: null,
        },
      ],
    });
    expect(priceAt(b, 'PURCHASE', Date.parse('2026-05-31T21:59:00Z'))).toBe(0.3);
    expect(priceAt(b, 'PURCHASE', Date.parse('2026-05-31T22:00:00Z'))).toBeCloseTo(0.35, 12);
    expect(priceAt(b, 'FEED_IN', Date.parse('2026-06-10T10:00:00Z'))).toBe(0.08);
    expect(priceAt(b, 'PURCHASE', Date.parse('2026-06-30T21:59:00Z'))).toBeCloseTo(0.35, 12);
    expect(priceAt(b, 'PURCHASE', Date.parse('2026-06-30T22:00:00Z'))).toBe(0.3);
  });

  it('reads bands by season (a range over the new year too), weekday or weekend and local hour', () => {
    const winter = {
      fromMonth: 10,
      toMonth: 3,
      days: 'WEEKEND' as const,
      fromHour: 0,
      toHour: 6,
      price: 0.1,
    };
    expect(bandAt([winter], 1, 6, 5.99)).toBe(winter);
    expect(bandAt([winter], 11, 0, 0)).toBe(winter);
    expect(bandAt([winter], 4, 6, 1)).toBeUndefined();
    expect(bandAt([winter], 1, 1, 1)).toBeUndefined();
    expect(bandAt([winter], 1, 6, 6)).toBeUndefined();
  });

  it('finds overlapping bands, and none where seasons or days differ', () => {
    const a = { fromMonth: 4, toMonth: 9, days: 'WEEKDAY' as const, fromHour: 7, toHour: 20, price: 0.4 };
    expect(overlappingBand([a, { ...a, days: 'WEEKEND' }])).toBeUndefined();
    expect(overlappingBand([a, { ...a, fromMonth: 10, toMonth: 3 }])).toBeUndefined();
    expect(overlappingBand([a, { ...a, days: 'ALL', fromHour: 19, toHour: 21 }])).toBe(1);
  });

  it('prices an interval at its middle, not before its reading’s local midnight', () => {
    const at = Date.parse('2026-06-15T00:00:00+02:00');
    expect(pricingInstant(at - 3_600_000, at + 3_600_000, ZONE)).toBe(at);
    expect(pricingInstant(at - 3_600_000, at + 600_000, ZONE)).toBe(at);
    expect(pricingInstant(undefined, at + 600_000, ZONE)).toBe(at + 600_000);
  });

  it('averages a daylight-saving day over its 23 or 25 hours', () => {
    const b = book({
      periods: [
        {
          id: 1,
          direction: 'PURCHASE',
          kind: 'TOU',
          validFrom: '2026-01-01',
          validTo: null,
          price: 0.1,
          bands: [nightBand],
          gridFee: 0,
          resolutionMinutes: null,
        },
      ],
    });
    // 29 March: 92 quarter hours, none at 02:00 local.
    expect(dayMeanPrices(b, '2026-03-29').purchase).toBeCloseTo(0.1, 12);
    // 25 October: 100 quarter hours, 8 of them at 02:00 local (twice).
    expect(dayMeanPrices(b, '2026-10-25').purchase).toBeCloseTo((8 * 1 + 92 * 0.1) / 100, 12);
    expect(dayMeanPrices(b, '2026-06-01').purchase).toBeCloseTo((4 * 1 + 92 * 0.1) / 96, 12);
  });

  it('holds a series price for its resolution only, then the period’s price', () => {
    const start = Date.parse('2026-06-17T08:00:00Z');
    const b = book({
      periods: [
        {
          id: 7,
          direction: 'PURCHASE',
          kind: 'DYNAMIC',
          validFrom: '2026-06-17',
          validTo: null,
          price: null,
          bands: [],
          gridFee: 0.1,
          resolutionMinutes: 60,
        },
      ],
      series: new Map([[7, new Map([[start, 0.2]])]]),
    });
    expect(priceAt(b, 'PURCHASE', start + 59 * 60_000)).toBeCloseTo(0.3, 12);
    expect(priceAt(b, 'PURCHASE', start + 60 * 60_000)).toBeCloseTo(0.4, 12);
  });
});
