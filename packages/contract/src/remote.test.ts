import { describe, expect, it } from 'vitest';
import { GRID_CODE_DEFAULTS } from './grid-codes.ts';
import {
  checkParamChanges,
  GRID_CODES,
  type GridCode,
  gridCodeValues,
  isValidParamValue,
  PARAM_DEFS,
  type ParamKey,
  paramRange,
} from './remote.ts';

const pairs = GRID_CODES.flatMap((from) => GRID_CODES.map((to) => [from, to] as [GridCode, GridCode]));

describe('grid-code defaults', () => {
  it.each(GRID_CODES)('%s has every protection parameter, each valid for its definition', (code) => {
    const values = GRID_CODE_DEFAULTS[code];
    const protectionKeys = (Object.keys(PARAM_DEFS) as ParamKey[]).filter(
      (key) => PARAM_DEFS[key].tab === 'grid' && key !== 'gridCode',
    );
    expect(Object.keys(values).sort()).toEqual([...protectionKeys].sort());
    for (const [key, value] of Object.entries(values))
      expect(isValidParamValue(key as ParamKey, value), `${code} ${key}=${value}`).toBe(true);
  });

  it.each(GRID_CODES)('%s passes the checks against an empty current set', (code) => {
    expect(checkParamChanges(gridCodeValues(code), {})).toEqual([]);
  });

  it.each(pairs)('%s can replace %s', (to, from) => {
    expect(checkParamChanges(gridCodeValues(to), gridCodeValues(from))).toEqual([]);
  });

  it('keeps the grid code itself in what choosing it fills in', () => {
    for (const code of GRID_CODES) {
      expect(gridCodeValues(code)).toEqual({ gridCode: code, ...GRID_CODE_DEFAULTS[code] });
      expect(gridCodeValues(code).gridCode).toBe(code);
    }
  });
});

describe('checkParamChanges', () => {
  const current = gridCodeValues('G98');

  it('refuses values outside the range, naming the field and the range', () => {
    expect(checkParamChanges({ overVoltage1: 400 }, current)).toEqual([
      { field: 'overVoltage1', key: 'validation.correctValue', params: { range: '230–330 V' } },
    ]);
    expect(checkParamChanges({ underFrequency1Time: 0.01 }, current)).toEqual([
      { field: 'underFrequency1Time', key: 'validation.correctValue', params: { range: '0.02–100 s' } },
    ]);
    expect(paramRange('rocof')).toBe('0.1–5 Hz/s');
  });

  it('refuses values of the wrong type', () => {
    expect(checkParamChanges({ overVoltage1: '264.5' }, current)).toEqual([
      { field: 'overVoltage1', key: 'validation.correctValue', params: { range: '230–330 V' } },
    ]);
    expect(checkParamChanges({ gridCode: 'NO_SUCH_CODE' }, current)).toEqual([
      { field: 'gridCode', key: 'validation.correctValue', params: { range: '' } },
    ]);
    expect(checkParamChanges({ remoteOnOff: 1 }, current)).toEqual([
      { field: 'remoteOnOff', key: 'validation.correctValue', params: { range: '' } },
    ]);
    expect(checkParamChanges({ overFrequency1: Number.NaN }, current)[0]?.field).toBe('overFrequency1');
  });

  it('refuses more decimals than the parameter has', () => {
    expect(checkParamChanges({ overVoltage1: 264.55 }, current)).toEqual([
      { field: 'overVoltage1', key: 'validation.correctValue', params: { range: '230–330 V' } },
    ]);
    expect(checkParamChanges({ overFrequency1: 51.505 }, current)).toEqual([
      { field: 'overFrequency1', key: 'validation.correctValue', params: { range: '50–55 Hz' } },
    ]);
    expect(checkParamChanges({ overVoltage1: 264.5, overFrequency1: 51.55 }, current)).toEqual([]);
  });

  it('refuses unknown keys, naming them', () => {
    expect(checkParamChanges({ overVoltage4: 300 }, current)).toEqual([
      { field: 'overVoltage4', key: 'validation.correctValue', params: {} },
    ]);
  });

  it('names the changed field and the other one when a stage order is broken', () => {
    // Stage 2 below stage 1 (262.2 V): the changed field is the higher one of the pair.
    expect(checkParamChanges({ overVoltage2: 250 }, current)).toEqual([
      { field: 'overVoltage2', key: 'remote.order', params: { other: 'overVoltage1' } },
    ]);
    // Stage 1 above the recovery window's lower edge (207 V): the changed field is the lower one.
    expect(checkParamChanges({ underVoltage1: 210 }, current)).toEqual([
      { field: 'underVoltage1', key: 'remote.order', params: { other: 'recoveryVoltageLow' } },
    ]);
    // The recovery window must lie inside the first frequency stages.
    expect(checkParamChanges({ recoveryFrequencyHigh: 51 }, gridCodeValues('VDE_0126_1_1'))).toEqual([
      { field: 'recoveryFrequencyHigh', key: 'remote.order', params: { other: 'overFrequency1' } },
    ]);
  });

  it('checks the order only once the values themselves are valid', () => {
    expect(checkParamChanges({ overVoltage2: 250, overVoltage3: 400 }, current)).toEqual([
      { field: 'overVoltage3', key: 'validation.correctValue', params: { range: '230–330 V' } },
    ]);
  });
});
