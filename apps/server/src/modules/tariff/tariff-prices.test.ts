import { describe, expect, it } from 'vitest';
import { checkRows, instantsOfWallTime, MalformedCsvError, readPriceFile } from './tariff-prices.ts';

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

describe('price CSV files', () => {
  const opts = { timeZone: ZONE, perMwh: false, known: null, header: true };
  const read = (text: string) => readPriceFile(Buffer.from(text));
  const prices = async (text: string) => {
    const { rows, errors } = checkRows(await read(text), opts);
    expect(errors).toEqual([]);
    return rows.map((r) => r.price);
  };
  const malformed = async (text: string) => {
    const err = await read(text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MalformedCsvError);
    return (err as MalformedCsvError).error;
  };

  it('reads a quoted decimal comma in a comma-separated file, as a German spreadsheet exports it', async () => {
    const csv = '"Zeit","Preis"\n"2026-06-17 10:00","0,25"\n2026-06-17 11:00,"-0,031"\n';
    expect(await read(csv)).toEqual([
      [1, 'Zeit', 'Preis'],
      [2, '2026-06-17 10:00', '0,25'],
      [3, '2026-06-17 11:00', '-0,031'],
    ]);
    expect(await prices(csv)).toEqual([0.25, -0.031]);
  });

  it('reads `;`, `,` and tab files, a BOM, CRLF, blank lines and a quoted separator or quote', async () => {
    expect(await prices('\uFEFFtime;price\r\n2026-06-17 10:00;0,25\r\n\r\n2026-06-17 11:00;0,3\r\n')).toEqual(
      [0.25, 0.3],
    );
    expect(await prices('time,price\r\n2026-06-17 10:00,0.25\r\n2026-06-17 11:00,0.3')).toEqual([0.25, 0.3]);
    expect(await prices('time\tprice\n2026-06-17 10:00\t0,25\n2026-06-17 11:00\t 0.3 \n')).toEqual([
      0.25, 0.3,
    ]);
    // The separator is judged outside quotes: a `;` inside the quoted header does not make this a `;` file.
    expect(await read('"time; local","price"\n"2026-06-17 10:00","0,25"\n')).toEqual([
      [1, 'time; local', 'price'],
      [2, '2026-06-17 10:00', '0,25'],
    ]);
    expect(await read('2026-06-17 10:00;"0,25";"a ""note"""\n')).toEqual([[1, '2026-06-17 10:00', '0,25']]);
    // Line numbers are the editor's, blank lines counted.
    expect((await read('\r\n\r\n2026-06-17 10:00;1\r\n')).map(([line]) => line)).toEqual([3]);
  });

  it('names the line and field of a quote left open or standing inside a field', async () => {
    expect(await malformed('time;price\n2026-06-17 10:00;"0,25\n2026-06-17 11:00;0,3\n')).toEqual({
      line: 2,
      field: 'price',
      key: 'tariff.csvQuoteOpen',
      params: { column: 2 },
    });
    expect(await malformed('time,price\n2026-06-17 10:00,"0,25"\n2026-06-17 11:00,0"3\n')).toEqual({
      line: 3,
      field: 'price',
      key: 'tariff.csvMalformed',
      params: { column: 2 },
    });
    expect(await malformed('"2026-06-17" 10:00;0,3\n')).toMatchObject({ line: 1, field: 'time' });
  });
});
