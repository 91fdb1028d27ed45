/** The energy figures of a day, in kWh, as every roll-up keeps them. */
export interface DayEnergy {
  generation: number;
  consumption: number;
  charge: number;
  discharge: number;
  feedIn: number;
  purchase: number;
}

/** A day before any reading. */
export const ZERO_DAY_ENERGY: Readonly<DayEnergy> = {
  generation: 0,
  consumption: 0,
  charge: 0,
  discharge: 0,
  feedIn: 0,
  purchase: 0,
};

/** Which daily counter of an inverter feeds which figure. */
export const DAILY_COUNTERS: Record<keyof DayEnergy, string> = {
  generation: 'dailyGeneration',
  consumption: 'dailyConsumption',
  charge: 'dailyCharge',
  discharge: 'dailyDischarge',
  feedIn: 'dailyFeedIn',
  purchase: 'dailyPurchase',
};

/**
 * Revenue of a day: what the feed-in earned plus what self-consumption saved at the purchase price.
 * Self-consumption is the generation not fed in.
 */
export function revenueOf(
  e: Pick<DayEnergy, 'generation' | 'feedIn'>,
  prices: { feedIn: number; purchase: number },
) {
  return e.feedIn * prices.feedIn + Math.max(e.generation - e.feedIn, 0) * prices.purchase;
}

/** Derived figures: self-consumption (kWh) and self-sufficiency (share of consumption not bought). */
export function derived(e: DayEnergy) {
  const selfConsumption = Math.max(e.generation - e.feedIn, 0);
  const selfSufficiency =
    e.consumption > 0 ? Math.min(Math.max((e.consumption - e.purchase) / e.consumption, 0), 1) : 0;
  return { selfConsumption, selfSufficiency };
}
