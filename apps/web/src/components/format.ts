import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from '../i18n/index.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Dates in the admin lists: 2025-06-01 14:05; '—' when missing. */
export const formatDateTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';

/**
 * An instant as the wall clock of a plant's time zone reads it (alarms happen at the plant, not where
 * the reader sits); '—' when missing. `seconds` adds them (the detail), the lists leave them out.
 */
export function formatZonedDateTime(
  value: string | null | undefined,
  timeZone: string,
  seconds = false,
): string {
  if (!value) return '—';
  const format = seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm';
  try {
    return dayjs(value).tz(timeZone).format(format);
  } catch {
    // An unknown zone name: the reader's own clock rather than nothing.
    return dayjs(value).format(format);
  }
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
