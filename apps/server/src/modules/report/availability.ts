import { localMidnight } from '@pvstar/simulator/model/time';
import { addDays, daysBetween } from '../../lib/calendar.ts';
import { daylightIntervals, INTERVAL_MS, type PlantPlace } from '../../lib/daylight-window.ts';

type AvailabilityPlant = PlantPlace & { timezone: string; since: string; today: string };

/**
 * Counts the daylight intervals plants had in [first, last] (their local days), from the day each
 * existed or had data (`since`) up to now: the denominator of availability, per inverter. The local
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
