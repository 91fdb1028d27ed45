import {
  FIRMWARE_DESC_LANGS,
  FIRMWARE_MANIFEST_MAX_BYTES,
  FIRMWARE_MAX_BYTES,
  type FirmwareDescLang,
  SN_SHEET_MAX_BYTES,
  type UpgradeCounts,
  type UpgradeTaskRow,
  type UpgradeTaskStatus,
} from '@pvstar/contract/firmware';
import type { Lang } from '@pvstar/contract/lang';
import i18n from '../../i18n/index.ts';

/** Why a chosen file is refused before it is sent (requirements §R9.3), or null when it may go. */
export type FileProblem = 'missing' | 'format' | 'empty' | 'tooLarge';

const extension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

function checkFile(
  file: { name: string; size: number } | null | undefined,
  extensions: readonly string[],
  maxBytes: number,
): FileProblem | null {
  if (!file) return 'missing';
  if (!extensions.includes(extension(file.name))) return 'format';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** A firmware image: .bin only, not empty, at most FIRMWARE_MAX_BYTES. */
export const checkFirmwareFile = (file: { name: string; size: number } | null | undefined) =>
  checkFile(file, ['bin'], FIRMWARE_MAX_BYTES);

/** A signed manifest: a .json file (`image.bin.manifest.json`) of at most FIRMWARE_MANIFEST_MAX_BYTES. */
export const checkManifestFile = (file: { name: string; size: number } | null | undefined) =>
  checkFile(file, ['json'], FIRMWARE_MANIFEST_MAX_BYTES);

/** A serial-number list: .xls or .xlsx only, at most SN_SHEET_MAX_BYTES. */
export const checkSnSheet = (file: { name: string; size: number } | null | undefined) =>
  checkFile(file, ['xls', 'xlsx'], SN_SHEET_MAX_BYTES);

/** Whole megabytes for the limits shown in messages. */
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

const sizeFormats = new Map<string, Intl.NumberFormat>();
function sizeFormat(lang: string, unit: 'byte' | 'kilobyte' | 'megabyte'): Intl.NumberFormat {
  const key = `${lang}|${unit}`;
  let f = sizeFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 });
    sizeFormats.set(key, f);
  }
  return f;
}

/** File sizes in the program list as the user's language writes them: 512 Byte, 12,3 kB, 4,5 MB in German. */
export function formatBytes(bytes: number, lang: string = i18n.language || 'de-DE'): string {
  if (bytes < 1024) return sizeFormat(lang, 'byte').format(bytes);
  if (bytes < 1024 * 1024) return sizeFormat(lang, 'kilobyte').format(bytes / 1024);
  return sizeFormat(lang, 'megabyte').format(bytes / (1024 * 1024));
}

/** The head and tail of a hash, enough to compare by eye; the whole one is copied. */
export const shortHash = (hash: string) =>
  hash.length <= 16 ? hash : `${hash.slice(0, 8)}…${hash.slice(-6)}`;

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0);

/**
 * A task's counts as the shares of a progress bar: succeeded (green) and failed or timed out (red) of
 * all its devices, and how many have finished in any way (cancelled ones too).
 */
export function countsProgress(c: UpgradeCounts) {
  const failed = c.failed + c.timedOut;
  const finished = c.succeeded + failed + c.cancelled;
  return {
    failed,
    finished,
    successPercent: percent(c.succeeded, c.total),
    /** Succeeded plus failed: antd draws the success part over it, the rest in the failure colour. */
    donePercent: percent(c.succeeded + failed, c.total),
    finishedPercent: percent(finished, c.total),
  };
}

/** The list reads again while a task may still change on its own. */
export const isTaskLive = (status: UpgradeTaskStatus) => status === 'RUNNING' || status === 'SCHEDULED';

/**
 * The detail reads again while devices may still move: a running or scheduled task, or a paused one
 * whose devices already sent the image on still report (a pause only holds back the queued ones).
 */
export function isDetailLive(task: Pick<UpgradeTaskRow, 'status' | 'counts'> | undefined): boolean {
  if (!task) return false;
  if (isTaskLive(task.status)) return true;
  return task.status === 'PAUSED' && task.counts.running > 0;
}

/** Which controls a task offers in its status. */
export function taskActions(status: UpgradeTaskStatus) {
  return {
    pause: status === 'RUNNING' || status === 'SCHEDULED',
    resume: status === 'PAUSED' || status === 'HALTED',
    cancel: status === 'SCHEDULED' || status === 'RUNNING' || status === 'PAUSED' || status === 'HALTED',
  };
}

/** Failed and timed-out devices can be sent the image again unless the task was cancelled. */
export const canRetry = (task: Pick<UpgradeTaskRow, 'status' | 'counts'>) =>
  task.status !== 'CANCELLED' && task.counts.failed + task.counts.timedOut > 0;

/** The program description in the reader's language; Dutch readers get English (requirements §R9.4). */
export function descLangOf(lang: Lang): FirmwareDescLang {
  const short = lang.slice(0, 2);
  return FIRMWARE_DESC_LANGS.find((l) => l === short) ?? 'en';
}
