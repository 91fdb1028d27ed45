import { PARAM_KEYS } from '@pvstar/contract/remote';
import { describe, expect, it } from 'vitest';
import {
  changedValues,
  formatNumberParam,
  formatParamRange,
  isFinal,
  openCommand,
  paramSections,
  tabOf,
  WRITE_FIELD_NAMES,
} from './params.ts';

describe('remote parameter helpers', () => {
  it('groups the parameters of a tab by section, in table order', () => {
    const grid = paramSections('grid');
    expect(grid.map((s) => s.section)).toEqual([
      'gridCode',
      'overVoltage',
      'underVoltage',
      'overFrequency',
      'underFrequency',
      'recovery',
      'overVoltage10Min',
      'rocof',
    ]);
    expect(grid[1]!.keys).toEqual([
      'overVoltage1',
      'overVoltage1Time',
      'overVoltage2',
      'overVoltage2Time',
      'overVoltage3',
      'overVoltage3Time',
    ]);
    expect(paramSections('activePower')).toEqual([
      { section: 'powerLimit', keys: ['activePowerLimit'] },
      { section: 'exportLimit', keys: ['exportLimitEnabled', 'exportLimit'] },
    ]);
    // Every parameter is on exactly one tab.
    const all = (['grid', 'general', 'activePower'] as const).flatMap((tab) =>
      paramSections(tab).flatMap((s) => s.keys),
    );
    expect([...all].sort()).toEqual([...PARAM_KEYS].sort());
  });

  it('keeps only what differs from the values read, ignoring emptied fields and unknown keys', () => {
    const baseline = { overVoltage1: 264.5, gridCode: 'VDE_AR_N_4105', exportLimitEnabled: false } as const;
    expect(changedValues(baseline, { ...baseline })).toEqual({});
    expect(
      changedValues(baseline, {
        overVoltage1: 260,
        gridCode: 'VDE_AR_N_4105',
        exportLimitEnabled: true,
        exportLimit: null,
        powerFactor: 0.95,
        disclaimerAccepted: true,
      }),
    ).toEqual({ overVoltage1: 260, exportLimitEnabled: true, powerFactor: 0.95 });
  });

  it('counts a value within float noise of the one read as unchanged, as the server does', () => {
    // A device's read-back of 49.8 Hz as a double; the form shows and holds 49.8.
    const baseline = { underFrequency1: 49.800000000000004, powerFactor: 0.95 } as const;
    expect(changedValues(baseline, { underFrequency1: 49.8, powerFactor: 0.95 })).toEqual({});
    expect(changedValues(baseline, { underFrequency1: 49.7 })).toEqual({ underFrequency1: 49.7 });
  });

  it('knows final commands and the one still under way', () => {
    expect(isFinal({ status: 'CONFIRMED' })).toBe(true);
    expect(isFinal({ status: 'TIMED_OUT' })).toBe(true);
    expect(isFinal({ status: 'VERIFYING' })).toBe(false);
    expect(openCommand([{ status: 'FAILED' }, { status: 'PENDING' }])).toEqual({ status: 'PENDING' });
    expect(openCommand([{ status: 'FAILED' }])).toBeNull();
  });

  it('maps write errors to form fields and names tabs and units', () => {
    expect(WRITE_FIELD_NAMES['values.overVoltage1']).toBe('overVoltage1');
    expect(tabOf('exportLimit')).toBe('activePower');
    expect(tabOf('password')).toBeNull();
    expect(formatNumberParam('overVoltage1', 264.5, 'en-GB')).toBe('264.5 V');
    expect(formatNumberParam('powerFactor', 0.95, 'en-GB')).toBe('0.95');
    expect(formatNumberParam('overVoltage1', 264.5, 'de-DE')).toBe('264,5 V');
    expect(formatParamRange('rocof', 'de-DE')).toBe('0,1–5 Hz/s');
  });
});
