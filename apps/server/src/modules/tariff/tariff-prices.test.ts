import { describe, expect, it } from 'vitest';
import { checkRows, instantsOfWallTime } from './tariff-prices.ts';

const ZONE = 'Europe/Berlin';

describe('price lists', () => {
  const opts = { timeZone: ZONE, perMwh: false, known: null, header: true };
  it('reads the local hour the clocks repeat in file order, and none in the hour they skip', () => {
    expect(instantsOfWallTime(Date.UTC(2026, 9, 25, 2, 30), ZONE)).toHaveLength(2);
    expect(instantsOfWallTime(Date.UTC(2026, 2, 29, 2, 30), ZONE)).toHaveLength(0);
    const times = ['01:45', '02:00', '02:15', '02:30', '02:45', '02:00', '02:15', '02:30', '02:45', '03:00'];
    const { rows, errors, resolution } = checkRows(
      times.map((h, i) => [i + 1, `2026-10-25 ${h}`, '0,1']),
      { ...opts, header: false },
    );
    expect(errors).toEqual([]);
    expect(resolution).toBe(15);
    expect(rows.map((r) => new Date(r.at).toISOString().slice(11, 16))).toEqual([
      '23:45',
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '02:00',
    ]);
  });

  it('names each bad line: time, quarter hour, order and price; a header line is skipped', () => {
    const { errors } = checkRows(
      [
        [1, 'time', 'price'],
        [2, '2026-06-17 10:00', '0.2'],
        [3, 'yesterday', '0.2'],
        [4, '2026-06-17 10:07', '0.2'],
        [5, '2026-06-17 09:00', '0.2'],
        [6, '2026-06-17 11:00', 'abc'],
        [7, '2026-03-29 02:30', '0.1'],
      ],
      opts,
    );
    expect(errors.map((e) => `${e.line} ${e.field} ${e.key}`)).toEqual([
      '3 time tariff.timeInvalid',
      '4 time tariff.timeQuarter',
      '5 time tariff.timeOrder',
      '6 price tariff.priceInvalid',
      '7 time tariff.timeInvalid',
    ]);
  });

  it('reads €/MWh, and refuses a step other than 15 or 60 minutes', () => {
    const ok = checkRows(
      [
        [1, '2026-06-17T10:00:00+02:00', 85.5],
        [2, '2026-06-17T11:00:00+02:00', -3],
      ],
      { ...opts, perMwh: true },
    );
    expect(ok.rows.map((r) => r.price)).toEqual([0.0855, -0.003]);
    expect(ok.resolution).toBe(60);
    const bad = checkRows(
      [
        [1, '2026-06-17 10:00', '1'],
        [2, '2026-06-17 10:30', '1'],
      ],
      opts,
    );
    expect(bad.errors[0]).toMatchObject({ field: 'file', key: 'tariff.resolution' });
  });
});
