import { FIRMWARE_MAX_BYTES, SN_SHEET_MAX_BYTES, type UpgradeCounts } from '@pvstar/contract/firmware';
import { describe, expect, it } from 'vitest';
import {
  canRetry,
  checkFirmwareFile,
  checkSnSheet,
  countsProgress,
  descLangOf,
  formatBytes,
  isDetailLive,
  isTaskLive,
  shortHash,
  taskActions,
} from './upgrade-logic.ts';

const counts = (c: Partial<UpgradeCounts>): UpgradeCounts => ({
  total: 0,
  queued: 0,
  running: 0,
  succeeded: 0,
  failed: 0,
  timedOut: 0,
  cancelled: 0,
  ...c,
});

describe('client-side file checks', () => {
  it('takes a .bin image of any case within the limit', () => {
    expect(checkFirmwareFile({ name: 'inv-1.2.3.bin', size: 1000 })).toBeNull();
    expect(checkFirmwareFile({ name: 'INV.BIN', size: FIRMWARE_MAX_BYTES })).toBeNull();
  });

  it('refuses no file, another format, an empty and an oversized image', () => {
    expect(checkFirmwareFile(null)).toBe('missing');
    expect(checkFirmwareFile(undefined)).toBe('missing');
    expect(checkFirmwareFile({ name: 'image.hex', size: 10 })).toBe('format');
    expect(checkFirmwareFile({ name: 'bin', size: 10 })).toBe('format');
    expect(checkFirmwareFile({ name: 'image.bin.zip', size: 10 })).toBe('format');
    expect(checkFirmwareFile({ name: 'image.bin', size: 0 })).toBe('empty');
    expect(checkFirmwareFile({ name: 'image.bin', size: FIRMWARE_MAX_BYTES + 1 })).toBe('tooLarge');
  });

  it('takes xls and xlsx serial-number lists only', () => {
    expect(checkSnSheet({ name: 'sn.xlsx', size: 100 })).toBeNull();
    expect(checkSnSheet({ name: 'sn.XLS', size: 100 })).toBeNull();
    expect(checkSnSheet({ name: 'sn.csv', size: 100 })).toBe('format');
    expect(checkSnSheet({ name: 'sn.xlsx', size: SN_SHEET_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(checkSnSheet(null)).toBe('missing');
  });
});

describe('formatting', () => {
  it('names sizes in bytes, kB and MB as the language writes them', () => {
    expect(formatBytes(512, 'zh-CN')).toBe('512 B');
    expect(formatBytes(2048, 'en-GB')).toBe('2 kB');
    expect(formatBytes(3.5 * 1024 * 1024, 'en-GB')).toBe('3.5 MB');
    expect(formatBytes(3.5 * 1024 * 1024, 'de-DE')).toBe('3,5 MB');
  });

  it('shortens a SHA-256 to its head and tail', () => {
    const sha = 'a'.repeat(8) + 'b'.repeat(50) + 'c'.repeat(6);
    expect(shortHash(sha)).toBe('aaaaaaaa…cccccc');
    expect(shortHash('abc')).toBe('abc');
  });

  it('picks the description language of the reader, English for Dutch', () => {
    expect(descLangOf('zh-CN')).toBe('zh');
    expect(descLangOf('pl-PL')).toBe('pl');
    expect(descLangOf('nl-NL')).toBe('en');
  });
});

describe('counts → progress', () => {
  it('splits the bar into succeeded and failed shares', () => {
    const p = countsProgress(
      counts({ total: 10, succeeded: 5, failed: 1, timedOut: 1, cancelled: 1, queued: 2 }),
    );
    expect(p).toEqual({
      failed: 2,
      finished: 8,
      successPercent: 50,
      donePercent: 70,
      finishedPercent: 80,
    });
  });

  it('is empty for a task without devices and rounds to one decimal', () => {
    expect(countsProgress(counts({})).donePercent).toBe(0);
    expect(countsProgress(counts({ total: 3, succeeded: 1 })).successPercent).toBe(33.3);
  });
});

describe('task states', () => {
  it('offers the controls that fit the status', () => {
    expect(taskActions('RUNNING')).toEqual({ pause: true, resume: false, cancel: true });
    expect(taskActions('PAUSED')).toEqual({ pause: false, resume: true, cancel: true });
    expect(taskActions('HALTED')).toEqual({ pause: false, resume: true, cancel: true });
    expect(taskActions('COMPLETED')).toEqual({ pause: false, resume: false, cancel: false });
    expect(taskActions('CANCELLED')).toEqual({ pause: false, resume: false, cancel: false });
  });

  it('retries failed or timed-out devices unless cancelled', () => {
    expect(canRetry({ status: 'COMPLETED', counts: counts({ total: 2, failed: 1 }) })).toBe(true);
    expect(canRetry({ status: 'HALTED', counts: counts({ total: 2, timedOut: 1 }) })).toBe(true);
    expect(canRetry({ status: 'COMPLETED', counts: counts({ total: 2, succeeded: 2 }) })).toBe(false);
    expect(canRetry({ status: 'CANCELLED', counts: counts({ total: 2, failed: 2 }) })).toBe(false);
  });

  it('reads again only while something can still move', () => {
    expect(isTaskLive('RUNNING')).toBe(true);
    expect(isTaskLive('SCHEDULED')).toBe(true);
    expect(isTaskLive('PAUSED')).toBe(false);
    expect(isDetailLive(undefined)).toBe(false);
    expect(isDetailLive({ status: 'RUNNING', counts: counts({}) })).toBe(true);
    expect(isDetailLive({ status: 'PAUSED', counts: counts({ total: 3, running: 1 }) })).toBe(true);
    expect(isDetailLive({ status: 'PAUSED', counts: counts({ total: 3, queued: 3 }) })).toBe(false);
    expect(isDetailLive({ status: 'COMPLETED', counts: counts({ total: 3, succeeded: 3 }) })).toBe(false);
  });
});
