/**
 * Deterministic randomness. Every random quantity of the model is a hash of (seed, what, when) rather
 * than the next draw of a shared generator, so a value at time t is the same whether the model was
 * stepped every minute (live) or every five minutes (backfill), and in whatever order plants are run.
 */

function fmix(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function mixInt(h: number, v: number): number {
  return fmix(Math.imul(h ^ (v >>> 0), 0x9e3779b1) + 0x7f4a7c15);
}

/** uint32 hash of numbers (integers, also beyond 2^32 such as epoch milliseconds) and strings. */
export function hash(...parts: ReadonlyArray<number | string>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    if (typeof part === 'number') {
      const v = Math.floor(part);
      h = mixInt(mixInt(h, v), Math.floor(v / 0x1_0000_0000));
    } else {
      for (let i = 0; i < part.length; i++) h = mixInt(h, part.charCodeAt(i));
      h = mixInt(h, part.length);
    }
  }
  return h;
}

/** A uniform number in [0, 1) determined by its parts. */
export function rand01(...parts: ReadonlyArray<number | string>): number {
  return hash(...parts) / 0x1_0000_0000;
}

/** The stable seed of a text (a serial number): the dongle's default seed. */
export function seedOf(text: string): number {
  return hash('seed', text);
}

/** A sequential generator for what has no time axis (fleet generation, fault and offline dice). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/**
 * Value noise in [-1, 1]: random values at knots every `stepMs` (aligned to the epoch), joined by
 * straight lines. Piecewise linear on a grid that local midnights fall on, so integrating it with
 * any step that divides five minutes gives the same energy.
 */
export function valueNoise(seed: number, t: number, stepMs: number): number {
  const k = Math.floor(t / stepMs);
  const f = (t - k * stepMs) / stepMs;
  const a = rand01(seed, stepMs, k) * 2 - 1;
  const b = rand01(seed, stepMs, k + 1) * 2 - 1;
  return a + (b - a) * f;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
