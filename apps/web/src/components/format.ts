import type { TFunction } from 'i18next';
import i18n from '../i18n/index.ts';

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The short name of a time zone at an instant, as the reader's language writes it (CET / MEZ / UTC+1 /
 * GMT+1), so that a time says which clock it is on; the browser's own zone without `timeZone`.
 */
export function zoneName(
  timeZone: string | undefined,
  at: string | number = Date.now(),
  lang = i18n.language || 'de-DE',
): string {
  const key = `${lang}|${timeZone ?? ''}`;
  let f = zoneFormats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: 'short' });
    } catch {
      // An unknown zone name: the reader's own clock, as formatZonedDateTime falls back to.
      f = new Intl.DateTimeFormat(lang, { timeZoneName: 'short' });
    }
    zoneFormats.set(key, f);
  }
  return f.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Options of the date formatters: `zone` appends the clock's short zone name (pages that mix clocks). */
export interface TimeOptions {
  zone?: boolean;
  /** formatDateTime: with seconds (a log of events seconds apart). */
  seconds?: boolean;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Day and time as `lang` writes them, on a 24-hour clock, one formatter kept per language, zone and
 * precision: 01.06.2025, 14:05 in German, 01/06/2025, 14:05 in English, 2025/06/01 14:05 in Chinese. The
 * reader's own clock without `timeZone`; an unknown zone name throws (RangeError).
 */
export function dateTimeFormat(
  lang: string,
  timeZone: string | undefined,
  seconds: boolean,
): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}|${seconds}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: seconds ? '2-digit' : undefined,
      hourCycle: 'h23',
    });
    dateTimeFormats.set(key, f);
  }
  return f;
}

/**
 * An instant in the admin lists, on the reader's own clock, as the reader's language writes it
 * (01.06.2025, 14:05; with `zone`: 01.06.2025, 14:05 MEZ); '—' when missing.
 */
export const formatDateTime = (
  value: string | null | undefined,
  { zone = false, seconds = false }: TimeOptions = {},
  lang = i18n.language || 'de-DE',
) =>
  value
    ? `${dateTimeFormat(lang, undefined, seconds).format(new Date(value))}${zone ? ` ${zoneName(undefined, value, lang)}` : ''}`
    : '—';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day (`YYYY-MM-DD`: a tariff's validity, a range of a plant's local days) as the reader's
 * language writes it: 01.11.2026, 1 Nov 2026, 2026年11月1日; '—' when missing. A day is no instant, so it
 * is written as the UTC calendar has it: read as midnight on the reader's clock, a browser west of
 * Greenwich would show the day before.
 */
export function formatDay(value: string | null | undefined, lang = i18n.language || 'de-DE'): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  let f = dayFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(lang, f);
  }
  return f.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const periodFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A period of a plant's calendar as the statistics and reports key it — a day (`2026-11-01`, as
 * formatDay writes it), a month (`2026-11`: Nov. 2026, Nov 2026, 2026年11月) or a year (`2026`: 2026,
 * 2026年) — in the reader's language, on the UTC calendar for the same reason as formatDay; what is none
 * of these is left as it is.
 */
export function formatPeriod(value: string, lang = i18n.language || 'de-DE'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, lang);
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(value);
  if (!m) return value;
  const key = `${lang}|${m[2] ? 'month' : 'year'}`;
  let f = periodFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      year: 'numeric',
      month: m[2] ? 'short' : undefined,
      timeZone: 'UTC',
    });
    periodFormats.set(key, f);
  }
  return f.format(Date.UTC(Number(m[1]), Number(m[2] ?? 1) - 1, 1));
}

/** The date pickers' input formats (dayjs tokens), by what the picker picks. */
export interface PickerFormats {
  fieldDateFormat: string;
  fieldDateTimeFormat: string;
  fieldMonthFormat: string;
  fieldYearFormat: string;
}

const DAYJS_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  year: 'YYYY',
  month: 'MM',
  day: 'DD',
  hour: 'HH',
  minute: 'mm',
};

/** What a formatter writes, as a dayjs format: its fields as tokens, the rest as escaped literals. */
function dayjsFormat(f: Intl.DateTimeFormat): string {
  return f
    .formatToParts(Date.UTC(2026, 10, 1, 17, 5))
    .map((p) => DAYJS_TOKENS[p.type] ?? `[${p.value}]`)
    .join('');
}

/**
 * The formats a date picker types and shows its day in, written as the lists write an instant
 * (dateTimeFormat): 01.11.2026 and 01.11.2026, 17:05 in German, 2026/11/01 17:05 in Chinese; a month as
 * 11.2026 or 2026/11. A picker's own default is ISO (2026-11-01) in every language.
 */
export function pickerFormats(lang: string): PickerFormats {
  const parts = (o: Intl.DateTimeFormatOptions) =>
    dayjsFormat(new Intl.DateTimeFormat(lang, { ...o, timeZone: 'UTC' }));
  return {
    fieldDateFormat: parts({ year: 'numeric', month: '2-digit', day: '2-digit' }),
    fieldDateTimeFormat: dayjsFormat(dateTimeFormat(lang, 'UTC', false)),
    fieldMonthFormat: parts({ year: 'numeric', month: '2-digit' }),
    fieldYearFormat: parts({ year: 'numeric' }),
  };
}

/**
 * An instant as the wall clock of a plant's time zone reads it (alarms happen at the plant, not where
 * the reader sits), as the reader's language writes it; '—' when missing. `seconds` adds them (the
 * detail), the lists leave them out; `zone` appends the zone's short name where it could be read as the
 * reader's own clock.
 */
export function formatZonedDateTime(
  value: string | null | undefined,
  timeZone: string,
  seconds = false,
  { zone = false }: TimeOptions = {},
  lang = i18n.language || 'de-DE',
): string {
  if (!value) return '—';
  const at = new Date(value);
  const suffix = zone ? ` ${zoneName(timeZone, value, lang)}` : '';
  try {
    return `${dateTimeFormat(lang, timeZone, seconds).format(at)}${suffix}`;
  } catch {
    // An unknown zone name: the reader's own clock rather than nothing.
    return `${dateTimeFormat(lang, undefined, seconds).format(at)}${suffix}`;
  }
}

/**
 * A column title for times on a plant's clock: "Start time (plant time)" where rows may be of several
 * plants, "Time (plant time, Europe/Berlin)" for one plant's; "(your time)" for the reader's own clock.
 */
export function timeColumnTitle(t: TFunction, label: string, clock: 'plant' | 'yours', timeZone?: string) {
  if (clock === 'yours') return t('app:time.yours', { label });
  return timeZone ? t('app:time.plantZone', { label, zone: timeZone }) : t('app:time.plant', { label });
}

const durationFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(lang: string, unit: 'day' | 'hour' | 'minute' | 'second'): Intl.NumberFormat {
  const key = `${lang}|${unit}`;
  let f = durationFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' });
    durationFormats.set(key, f);
  }
  return f;
}

/**
 * A duration in the reader's language with its two largest units (3 days 4 hr, 2 hr 5 min, 40 sec):
 * the words come from the browser's Intl data, so every language is covered without catalogue keys.
 */
export function formatDuration(totalSeconds: number, lang = i18n.language || 'de-DE'): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(s / 86_400), 'day'],
    [Math.floor((s % 86_400) / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return unitFormat(lang, 'second').format(0);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => unitFormat(lang, unit).format(n))
    .join(' ');
}
