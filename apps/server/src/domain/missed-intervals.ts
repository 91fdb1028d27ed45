/**
 * Missed intervals after which a silent device counts as offline (SPEC §3–4): the sweeper's rule, and the
 * age up to which a device's values describe now (power-now.ts). Migration 0025's triggers keep each row's
 * deadline (`offline_after`) with the same factor. Its own file, so that the sweeper can import power
 * now's roll-up, which imports power-now.ts, without an import loop.
 */
export const MISSED_INTERVALS = 3;
