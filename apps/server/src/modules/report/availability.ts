import { localMidnight } from '@pvstar/contract/calendar';
import type { AvailabilityFigures } from '@pvstar/contract/report';
import { addDays, daysBetween } from '../../domain/calendar.ts';
import { daylightIntervals, INTERVAL_MS, type PlantPlace } from '../../domain/daylight.ts';
import { roundShare } from '../../domain/rounding.ts';

type AvailabilityPlant = PlantPlace & { timezone: string; since: string; today: string };

/**
 * Counts the daylight intervals plants had in [first, last] (their local days), from the day each
 * existed or had data (`since`) up to now: the denominator of data availability, per inverter. The local
 * midnights of the period are worked out once per time zone, so a year of 1,000 plants costs little
 * more than the sun's path of each plant and day.
 */
export function daylightCounter(first: string, last: string, nowMs: number) {
  const days = daysBetween(first, last) + 1;
  const midnights = new Map<string, number[]>();
  const midnightsOf = (timeZone: string) => {
    let list = midnights.get(timeZone);
    if (!list) {
      list = [];
      let day = first;
      for (let i = 0; i <= days; i++, day = addDays(day, 1)) list.push(localMidnight(day, timeZone));
      midnights.set(timeZone, list);
    }
    return list;
  };
  // Only the intervals that are over count (today's afternoon has not happened yet).
  const over = Math.floor(nowMs / INTERVAL_MS);
  return (plant: AvailabilityPlant): number => {
    const from = Math.max(0, daysBetween(first, plant.since));
    const to = Math.min(days - 1, daysBetween(first, plant.today));
    if (from > to) return 0;
    const list = midnightsOf(plant.timezone);
    let total = 0;
    let day = addDays(first, from);
    for (let i = from; i <= to; i++) {
      const [a, b] = daylightIntervals(plant, plant.timezone, day, list[i]!, list[i + 1]!);
      total += Math.max(0, Math.min(b, over) - a);
      // The day's name matters only without coordinates (the 08:00–16:00 fallback).
      if (plant.latitude === null || plant.longitude === null) day = addDays(day, 1);
    }
    return total;
  };
}

/** The daylight intervals of one plant in [first, last] (see daylightCounter). */
export const expectedDaylightIntervals = (
  plant: AvailabilityPlant,
  first: string,
  last: string,
  nowMs: number,
) => daylightCounter(first, last, nowMs)(plant);

/** The interval counts of availability, as they add up over inverters, plants and organisations. */
export type AvailabilityCounts = Pick<
  AvailabilityFigures,
  'daylightIntervals' | 'intervalsWithData' | 'intervalsAvailable'
>;

export const zeroAvailability = (): AvailabilityCounts => ({
  daylightIntervals: 0,
  intervalsWithData: 0,
  intervalsAvailable: 0,
});

/**
 * A plant's counts over the period: its expected daylight intervals (daylightCounter × inverters) and
 * what ingest counted. An inverter swapped during the period can leave more intervals with data than
 * expected now: the counts are capped, so that no ratio exceeds 1.
 */
export function plantCounts(
  expected: number,
  sums: { daylightSeen: number; daylightAvailable: number },
): AvailabilityCounts {
  const intervalsWithData = Math.min(sums.daylightSeen, expected);
  return {
    daylightIntervals: expected,
    intervalsWithData,
    intervalsAvailable: Math.min(sums.daylightAvailable, intervalsWithData),
  };
}

export function addCounts(to: AvailabilityCounts, c: AvailabilityCounts) {
  to.daylightIntervals += c.daylightIntervals;
  to.intervalsWithData += c.intervalsWithData;
  to.intervalsAvailable += c.intervalsAvailable;
}

/** 4 decimals: 99.95 %. */
const ratio = (part: number, whole: number) => (whole > 0 ? roundShare(part / whole) : null);

/**
 * IEC 61724-1: availability = time available ÷ (daylight time − time with unknown state), where the
 * state is unknown exactly when there was no data; data availability = time with data ÷ daylight time.
 */
export const availabilityOf = (c: AvailabilityCounts): AvailabilityFigures => ({
  daylightIntervals: c.daylightIntervals,
  intervalsWithData: c.intervalsWithData,
  intervalsAvailable: c.intervalsAvailable,
  availability: ratio(c.intervalsAvailable, c.intervalsWithData),
  dataAvailability: ratio(c.intervalsWithData, c.daylightIntervals),
});
