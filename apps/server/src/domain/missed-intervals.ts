import { type SQL, sql } from 'drizzle-orm';

/**
 * Missed intervals after which a silent device counts as offline (requirements §R6.5): the sweeper's rule,
 * and the age up to which a device's values describe now (power-now.ts). Migration 0025's triggers keep each
 * row's deadline (`offline_after`) with the same factor. Its own file, so that the sweeper can import power
 * now's roll-up, which imports power-now.ts, without an import loop.
 */
export const MISSED_INTERVALS = 3;

/**
 * The interval (seconds) by which the dongle `g` is judged: the learnt one, or the smaller of the last two
 * gaps between its messages when that is longer. A dongle registered at 5 s that sends once a minute is
 * then not silent between its messages from its second message on, while the learnt interval still moves
 * slowly; one long gap (an outage) does not stretch the wait for the next silence.
 */
export const reportingInterval = (g: SQL = sql`g`): SQL =>
  sql`GREATEST(${g}.interval_seconds, coalesce(LEAST(${g}.last_gap_seconds, coalesce(${g}.previous_gap_seconds, ${g}.last_gap_seconds)), 0))`;
