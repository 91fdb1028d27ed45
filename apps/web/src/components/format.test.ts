import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatDateTime,
  formatDay,
  formatPeriod,
  formatZonedDateTime,
  pickerFormats,
  timeColumnTitle,
  zoneName,
} from './format.ts';

dayjs.extend(customParseFormat);

const WINTER = '2026-01-15T12:00:00.000Z';
const SUMMER = '2026-07-15T12:00:00.000Z';

describe('times that say which clock they are on', () => {
  it('names a zone the way the reader’s language does, winter and summer', () => {
    expect(zoneName('Europe/Berlin', WINTER, 'en-GB')).toBe('CET');
    expect(zoneName('Europe/Berlin', SUMMER, 'en-GB')).toBe('CEST');
    expect(zoneName('Europe/Berlin', WINTER, 'de-DE')).toBe('MEZ');
    expect(zoneName('Europe/Berlin', SUMMER, 'de-DE')).toBe('MESZ');
    expect(zoneName('Europe/Berlin', WINTER, 'zh-CN')).toBe('GMT+1');
    expect(zoneName('UTC', WINTER, 'en-GB')).toBe('UTC');
    // An unknown zone falls back to the reader's clock, as the formatter does, rather than throwing.
    expect(zoneName('Mars/Olympus', WINTER, 'en-GB')).toBe(zoneName(undefined, WINTER, 'en-GB'));
  });

  it('writes a plant’s wall clock with its zone where asked, and without where the column says it', () => {
    expect(formatZonedDateTime(WINTER, 'Europe/Berlin', false, {}, 'en-GB')).toBe('15/01/2026, 13:00');
    const withZone = formatZonedDateTime(SUMMER, 'Europe/Berlin', true, { zone: true }, 'de-DE');
    expect(withZone).toBe('15.07.2026, 14:00:00 MESZ');
    expect(formatZonedDateTime(null, 'Europe/Berlin', true, { zone: true })).toBe('—');
    // An unknown zone: the reader's own clock rather than nothing.
    expect(formatZonedDateTime(WINTER, 'Mars/Olympus', false, {}, 'en-GB')).toBe(
      formatDateTime(WINTER, {}, 'en-GB'),
    );
  });

  it('writes day and time as each language does, on a 24-hour clock', () => {
    const at = (lang: string) => formatZonedDateTime('2026-11-01T17:05:00Z', 'UTC', false, {}, lang);
    expect(at('de-DE')).toBe('01.11.2026, 17:05');
    expect(at('en-GB')).toBe('01/11/2026, 17:05');
    expect(at('zh-CN')).toBe('2026/11/01 17:05');
    expect(at('fr-FR')).toBe('01/11/2026 17:05');
    expect(at('nl-NL')).toBe('01-11-2026, 17:05');
    expect(at('pl-PL')).toBe('01.11.2026, 17:05');
    // Midnight is 00, not 24.
    expect(formatZonedDateTime('2026-11-01T00:00:00Z', 'UTC', false, {}, 'en-GB')).toBe('01/11/2026, 00:00');
  });

  it('writes the reader’s own clock with its zone where a page mixes clocks', () => {
    expect(formatDateTime(WINTER, { zone: true })).toBe(
      `${formatDateTime(WINTER)} ${zoneName(undefined, WINTER)}`,
    );
    expect(formatDateTime(undefined, { zone: true })).toBe('—');
  });

  it('titles a column of times with its clock', () => {
    const t = ((key: string, o: Record<string, string>) =>
      `${key}|${o.label}|${o.zone ?? ''}`) as unknown as TFunction;
    expect(timeColumnTitle(t, 'Start', 'plant')).toBe('app:time.plant|Start|');
    expect(timeColumnTitle(t, 'Time', 'plant', 'Europe/Berlin')).toBe(
      'app:time.plantZone|Time|Europe/Berlin',
    );
    expect(timeColumnTitle(t, 'Last seen', 'yours')).toBe('app:time.yours|Last seen|');
  });

  it('writes a calendar day as the language does, and leaves what is no day as it is', () => {
    expect(formatDay('2026-11-01', 'en-GB')).toBe('1 Nov 2026');
    expect(formatDay('2026-11-01', 'de-DE')).toBe('01.11.2026');
    expect(formatDay('2026-11-01', 'zh-CN')).toBe('2026年11月1日');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('next week', 'en-GB')).toBe('next week');
  });

  it('writes a period of the statistics and reports as the language does: day, month or year', () => {
    expect(formatPeriod('2026-11-01', 'de-DE')).toBe('01.11.2026');
    expect(formatPeriod('2026-11', 'de-DE')).toBe('Nov. 2026');
    expect(formatPeriod('2026-11', 'en-GB')).toBe('Nov 2026');
    expect(formatPeriod('2026-11', 'zh-CN')).toBe('2026年11月');
    expect(formatPeriod('2026-11', 'fr-FR')).toBe('nov. 2026');
    expect(formatPeriod('2026', 'de-DE')).toBe('2026');
    expect(formatPeriod('2026', 'zh-CN')).toBe('2026年');
    // The first and last day of a month stay in it, whatever the reader's clock (the UTC calendar).
    expect(formatPeriod('2026-01', 'en-GB')).toBe('Jan 2026');
    expect(formatPeriod('2026-12', 'en-GB')).toBe('Dec 2026');
    // A report subscription's week is left as it is.
    expect(formatPeriod('2026-W45', 'en-GB')).toBe('2026-W45');
  });

  it('gives the date pickers the lists’ way of writing a day, never ISO', () => {
    expect(pickerFormats('de-DE')).toEqual({
      fieldDateFormat: 'DD[.]MM[.]YYYY',
      fieldDateTimeFormat: 'DD[.]MM[.]YYYY[, ]HH[:]mm',
      fieldMonthFormat: 'MM[/]YYYY',
      fieldYearFormat: 'YYYY',
    });
    expect(pickerFormats('zh-CN').fieldDateTimeFormat).toBe('YYYY[/]MM[/]DD[ ]HH[:]mm');
    expect(pickerFormats('zh-CN').fieldMonthFormat).toBe('YYYY[年]MM[月]');
    const at = new Date(2026, 10, 1, 17, 5);
    for (const lang of ['zh-CN', 'en-GB', 'de-DE', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL']) {
      const f = pickerFormats(lang);
      // A picker shows an instant as the lists do, and reads back what it shows.
      const shown = dayjs(at).format(f.fieldDateTimeFormat);
      expect(shown, lang).toBe(dateTimeFormat(lang, undefined, false).format(at));
      expect(dayjs(shown, f.fieldDateTimeFormat, true).valueOf(), lang).toBe(at.valueOf());
      const day = dayjs(at).format(f.fieldDateFormat);
      expect(day, lang).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(dayjs(day, f.fieldDateFormat, true).format('YYYY-MM-DD'), lang).toBe('2026-11-01');
      expect(dayjs(dayjs(at).format(f.fieldMonthFormat), f.fieldMonthFormat, true).format('YYYY-MM')).toBe(
        '2026-11',
      );
    }
  });
});
