import { describe, expect, it } from 'vitest';
import {
  judgeReading,
  type MeterContext,
  type MeterReading,
  meterLimits,
  meterSteps,
  plantFloor,
  plausibleKwh,
  stepDays,
} from './energy.ts';

/** The verdicts of decision 031 on one inverter of a 10 kW plant in Berlin, 21 June 2026 (UTC+2). */
const at = (hhmm: string, day = '2026-06-21') => Date.parse(`${day}T${hhmm}:00+02:00`);
const ctx: MeterContext = {
  timeZone: 'Europe/Berlin',
  limits: meterLimits({ ratedPowerW: 10_000, installedKwp: 9.8, storageKwh: null }),
};
const total = (hhmm: string, v: number, day?: string): MeterReading => ({
  ts: at(hhmm, day),
  counters: { totalGeneration: v },
});
const daily = (hhmm: string, v: number, day?: string): MeterReading => ({
  ts: at(hhmm, day),
  counters: { dailyGeneration: v },
});
const run = (readings: MeterReading[], c: MeterContext = ctx) => {
  const { steps } = meterSteps({}, readings, c);
  return {
    generation: steps.reduce((sum, s) => sum + s.energy.generation, 0),
    reasons: steps.map((s) => s.setAside?.reason ?? null),
  };
};

describe('plausible readings (decision 031)', () => {
  it('bounds an interval by the rated power × time × 1.5, plus one register step', () => {
    expect(ctx.limits.generation).toBe(10);
    // Consumption and purchase: at least a house connection.
    expect(ctx.limits.consumption).toBe(44);
    expect(plausibleKwh(10, 5 * 60_000)).toBeCloseTo(10 * (5 / 60) * 1.5 + 0.1, 12);
  });

  it('counts a reboot: the lifetime counter restarts near 0 and counts on from there', () => {
    const r = run([total('12:00', 5000), total('12:05', 5000.5), total('12:10', 0.2), total('12:15', 0.9)]);
    expect(r.reasons).toEqual([null, null, null, null]);
    expect(r.generation).toBeCloseTo(0.5 + 0.2 + 0.7, 9);
  });

  it('takes a daily counter back to 0 within the window around midnight as its reset, at night too', () => {
    const r = run([
      daily('23:55', 30.2, '2026-06-20'),
      daily('00:02', 0),
      daily('00:30', 0),
      daily('05:30', 0.1),
    ]);
    expect(r.reasons).toEqual([null, null, null, null]);
  });

  it('sets aside a zero away from midnight, and the next reading proves a real restart', () => {
    const r = run([total('12:00', 5000), total('12:05', 0), total('12:10', 0.4)]);
    expect(r.reasons).toEqual([null, 'ZERO', null]);
    expect(r.generation).toBeCloseTo(0.4, 9);
  });

  it('a dip of a morning daily counter is no restart, although its value is small', () => {
    const r = run([daily('07:00', 0.5), daily('07:05', 0.45), daily('07:10', 0.6)]);
    expect(r.reasons).toEqual([null, 'DIP', null]);
    expect(r.generation).toBeCloseTo(0.6, 9);
  });

  it('a counter that jumps to a new level and stays there is metered from it; the jump stays out', () => {
    const r = run([
      total('12:00', 5000),
      total('12:05', 90_000),
      total('12:10', 90_000.5),
      total('12:15', 90_001),
    ]);
    expect(r.reasons).toEqual([null, 'JUMP', null, null]);
    expect(r.generation).toBeCloseTo(1, 9);
  });

  it('a one-off value far away never becomes the level: the true value after it counts from the last good one', () => {
    const r = run([
      total('12:00', 5000),
      total('12:05', 999_000_000),
      total('12:10', 5000.3),
      total('12:15', 5000.6),
    ]);
    expect(r.reasons).toEqual([null, 'JUMP', null, null]);
    expect(r.generation).toBeCloseTo(0.6, 9);
  });

  it("follows people's decisions: an accepted reading counts without a bound, a rejected one stays out", () => {
    const readings = [total('12:00', 5000), total('12:05', 5040), total('12:10', 5040.5)];
    expect(run(readings).generation).toBeCloseTo(0.5, 9);
    const accepted = run(readings, { ...ctx, decisions: new Map([[at('12:05'), { decision: 'ACCEPTED' }]]) });
    expect(accepted).toEqual({ generation: expect.closeTo(40.5, 9), reasons: [null, null, null] });
    const rejected = run([total('12:00', 5000), total('12:05', 5000.4), total('12:10', 5000.5)], {
      ...ctx,
      decisions: new Map([[at('12:05'), { decision: 'REJECTED', reason: 'JUMP' }]]),
    });
    expect(rejected).toEqual({ generation: expect.closeTo(0.5, 9), reasons: [null, 'JUMP', null] });
  });

  it('sets aside readings stamped before the plant existed (its earlier day, less 7 days)', () => {
    const floor = plantFloor({
      buildDate: '2026-06-10',
      gridConnectionDate: '2026-06-20',
      timezone: 'Europe/Berlin',
    });
    expect(floor).toBe(Date.parse('2026-06-03T00:00:00+02:00'));
    expect(
      plantFloor({ buildDate: null, gridConnectionDate: null, timezone: 'Europe/Berlin' }),
    ).toBeUndefined();
    const r = run([total('12:00', 1, '2000-01-01'), total('12:00', 5000), total('12:05', 5000.2)], {
      ...ctx,
      floor,
    });
    expect(r.reasons).toEqual(['BEFORE_PLANT', null, null]);
  });

  it('a replacement starts a meter of its own: the new device is not measured from the old one', () => {
    const swap = at('12:03');
    const { steps } = meterSteps({}, [total('12:00', 5000), total('12:05', 12.5), total('12:10', 12.9)], {
      ...ctx,
      replacements: [swap],
    });
    expect(steps.map((s) => s.setAside?.reason ?? null)).toEqual([null, null, null]);
    expect(stepDays(steps, 'Europe/Berlin').get('2026-06-21')!.generation).toBeCloseTo(0.4, 9);
  });

  it('judges one reading against the last accepted one, not the stored one before it', () => {
    const state = {
      accepted: total('12:00', 5000),
      previous: { ...total('12:05', 4999.95), setAside: 'DIP' as const },
    };
    const step = judgeReading(state, total('12:10', 5000.2), ctx);
    expect(step).toMatchObject({ from: at('12:00'), energy: { generation: expect.closeTo(0.2, 9) } });
  });
});
