import { tariff } from '@pvstar/contract/endpoints/tariff';
import type { Lang } from '@pvstar/contract/lang';
import type { TariffList, TariffPeriod } from '@pvstar/contract/tariff';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render.tsx';
import { answer } from '../../../../test/server.ts';
import { PlantTariffs } from './plant-tariffs.tsx';

const period = (over: Partial<TariffPeriod> & Pick<TariffPeriod, 'id'>): TariffPeriod => ({
  direction: 'FEED_IN',
  kind: 'FLAT',
  validFrom: '2026-11-01',
  validTo: '2026-12-31',
  price: 0.0811,
  bands: [],
  gridFee: 0,
  resolutionMinutes: null,
  priceCount: 0,
  firstPriceAt: null,
  lastPriceAt: null,
  updatedAt: '2026-11-27T10:00:00Z',
  ...over,
});

const list: TariffList = {
  currency: 'EUR',
  timezone: 'Europe/Berlin',
  feedInPrice: 0.08,
  purchasePrice: 0.3,
  periods: [
    period({ id: 1 }),
    period({ id: 2, direction: 'PURCHASE', kind: 'DYNAMIC', validTo: null, price: null, priceCount: 2976 }),
  ],
  recompute: {
    state: 'RUNNING',
    from: '2026-01-01',
    to: '2026-11-26',
    doneDays: 120,
    totalDays: 1200,
    updatedAt: '2026-11-27T10:00:00Z',
  },
};

async function show(lang: Lang) {
  answer([[tariff.list, list]]);
  await renderWithApp(<PlantTariffs plantId={5} canEdit={false} />, { lang });
  return screen.findByTestId('tariff-valid-1', {}, { timeout: 5000 });
}

const TZ = process.env.TZ;
afterEach(() => {
  if (TZ === undefined) delete process.env.TZ;
  else process.env.TZ = TZ;
});

describe('PlantTariffs', () => {
  // The days as each language writes them, as the other figures of the section are (not 2026-11-01).
  const cases: [Lang, string, string, string][] = [
    [
      'en-GB',
      '1 Nov 2026 – 31 Dec 2026',
      '1 Jan 2026 – 26 Nov 2026: 120 / 1,200 days',
      'Prices stored: 2,976',
    ],
    ['de-DE', '01.11.2026 – 31.12.2026', '01.01.2026 – 26.11.2026 werden', 'Gespeicherte Preise: 2.976'],
    [
      'zh-CN',
      '2026年11月1日 – 2026年12月31日',
      '2026年1月1日 – 2026年11月26日：120 / 1,200 天',
      '已存价格：2,976',
    ],
  ];
  for (const [lang, valid, recompute, count] of cases)
    it(`writes the validity, the recomputed days and the counts in ${lang}`, async () => {
      const cell = await show(lang);
      expect(cell.textContent).toBe(valid);
      expect(screen.getByTestId('tariff-recompute').textContent).toContain(recompute);
      expect(screen.getByTestId('tariff-PURCHASE').textContent).toContain(count);
    });

  it('keeps an open-ended period open', async () => {
    await show('en-GB');
    expect(screen.getByTestId('tariff-valid-2').textContent).toBe('1 Nov 2026 – open-ended');
  });

  it('shows the days a period is valid, not the day before, to a reader west of Greenwich', async () => {
    // Read as an instant, 2026-11-01 is midnight UTC: still 31 October on a clock in California.
    process.env.TZ = 'America/Los_Angeles';
    expect(new Date('2026-11-01').getDate()).toBe(31);
    const cell = await show('de-DE');
    expect(cell.textContent).toBe('01.11.2026 – 31.12.2026');
  });
});
