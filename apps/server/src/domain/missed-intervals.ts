/**
 * Missed intervals after which a silent device counts as offline (SPEC §3–4): the sweeper's rule, and the
 * age up to which a device's values describe now (power-now.ts). Its own file, so that both can import it
 * while the sweeper keeps power now's roll-up in step.
 */
export const MISSED_INTERVALS = 3;
