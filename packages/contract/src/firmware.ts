import { z } from 'zod';
import { IdSchema } from './api.ts';
import { optionalText, requiredText, withParams } from './validation.ts';

/**
 * Firmware programs ("Add Device Program", "Manage Device Programs") and upgrade tasks (`/upgrade`,
 * requirements §R9.2). A program is one image of one firmware type for one manufacturer's
 * devices; a task rolls a program out to chosen devices in stages.
 */

/** What a firmware image runs on, and where the device's version of it is kept. */
export const FIRMWARE_TYPES = ['INVERTER_ARM', 'INVERTER_DSP', 'DONGLE', 'BATTERY_BMS'] as const;
export const FirmwareTypeSchema = z.enum(FIRMWARE_TYPES, { error: 'validation.enum' });
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/**
 * The device kind a firmware type upgrades, and the key of the device's `versions` it changes
 * (dongles keep theirs in the dongle's own `version`).
 */
export const FIRMWARE_TARGET: Record<
  FirmwareType,
  { kind: 'INVERTER' | 'DONGLE' | 'BATTERY'; versionKey: string }
> = {
  INVERTER_ARM: { kind: 'INVERTER', versionKey: 'inverter' },
  INVERTER_DSP: { kind: 'INVERTER', versionKey: 'dsp' },
  DONGLE: { kind: 'DONGLE', versionKey: 'dongle' },
  BATTERY_BMS: { kind: 'BATTERY', versionKey: 'bms' },
};

/** Description languages (requirements §R9.4): Chinese, English, German, French, Italian, Spanish, Polish. */
export const FIRMWARE_DESC_LANGS = ['zh', 'en', 'de', 'fr', 'it', 'es', 'pl'] as const;
export type FirmwareDescLang = (typeof FIRMWARE_DESC_LANGS)[number];

export const FirmwareStatusSchema = z.enum(['ENABLED', 'DISABLED'], { error: 'validation.enum' });
export type FirmwareStatus = z.infer<typeof FirmwareStatusSchema>;

/** Largest image accepted (a collector's flash is a few MB; inverter images stay well below this). */
export const FIRMWARE_MAX_BYTES = 32 * 1024 * 1024;
/** Largest serial-number spreadsheet, and most rows read from it. */
export const SN_SHEET_MAX_BYTES = 2 * 1024 * 1024;
export const SN_SHEET_MAX_ROWS = 10_000;
/** The one column of the serial-number template. */
export const SN_SHEET_HEADER = 'SN';

export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
export const firmwareVersionSchema = requiredText(1, 32).regex(VERSION_PATTERN, {
  message: 'firmware.invalidVersion',
});

const descriptions = z.object(
  Object.fromEntries(FIRMWARE_DESC_LANGS.map((l) => [l, requiredText(1, 500)])) as Record<
    FirmwareDescLang,
    ReturnType<typeof requiredText>
  >,
);
export const FirmwareDescriptionsSchema = descriptions;
export type FirmwareDescriptions = Record<FirmwareDescLang, string>;

// ------------------------------------------------------------------------------ signed manifests

/**
 * A version as devices report it and manifests state it: an optional `V`, one to four numbers separated
 * by dots, and an optional pre-release after a `-` ("V2.3.5", "2.4.0-rc.1").
 */
export const COMPARABLE_VERSION = /^[Vv]?(\d{1,9}(?:\.\d{1,9}){0,3})(?:-([0-9A-Za-z.-]{1,20}))?$/;

function parseVersion(text: string): { numbers: number[]; pre: string[] | null } | null {
  const m = COMPARABLE_VERSION.exec(text.trim());
  if (!m) return null;
  return { numbers: m[1]!.split('.').map(Number), pre: m[2] ? m[2].split('.') : null };
}

const comparePre = (a: string[], b: string[]): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    // As semver: numeric identifiers compare as numbers and sort before alphanumeric ones.
    if (xn && yn && Number(x) !== Number(y)) return Math.sign(Number(x) - Number(y));
    if (xn !== yn) return xn ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/**
 * -1, 0 or 1 as version `a` is older than, the same as, or newer than `b`, semver-like: the `V` prefix
 * and missing trailing numbers do not count ("V2.3" = "2.3.0"), a pre-release is older than its release.
 * Null when either is not a comparable version (then nobody can say it is not a downgrade).
 */
export function compareFirmwareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return null;
  for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) {
    const d = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  if (x.pre === null || y.pre === null) return x.pre === y.pre ? 0 : x.pre === null ? 1 : -1;
  return Math.sign(comparePre(x.pre, y.pre)) as -1 | 0 | 1;
}

/**
 * Whether installing `offered` on a device that reports `current` goes back: a lower version, or one of
 * the two not comparable. A device that never reported a version has nothing to go back from.
 */
export function isDowngrade(offered: string, current: string | null | undefined): boolean {
  if (current === null || current === undefined || current.trim() === '') return false;
  const order = compareFirmwareVersions(offered, current);
  return order === null || order < 0;
}

/** The manifest format this portal and its devices read (docs/remote-control.md "Signed manifests"). */
export const FIRMWARE_MANIFEST_FORMAT = 'pvstar-firmware-manifest/1';
/** Largest signed-manifest file (a hundred model names fit many times over). */
export const FIRMWARE_MANIFEST_MAX_BYTES = 16 * 1024;
/** Most device models one manifest names. */
export const FIRMWARE_MANIFEST_MAX_MODELS = 100;

// Exactly what was signed: no trimming or case folding here, or the canonical bytes would differ.
const exactText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => s.trim() === s);

/**
 * What a manufacturer signs about an image: who made it, what it is, which version, which device models
 * it fits and which bytes it is (SHA-256 and size). The portal takes a program's type and version from
 * here, never from a form; the device checks the same fields before it flashes.
 */
export const FirmwareManifestSchema = z.strictObject({
  format: z.literal(FIRMWARE_MANIFEST_FORMAT),
  /** The manufacturer as its devices report it: its name or its short name (any case). */
  manufacturer: exactText(64),
  firmwareType: FirmwareTypeSchema,
  version: z.string().max(32).regex(COMPARABLE_VERSION),
  /** Device models as the devices report them (any case); for dongle firmware, the dongle's models. */
  models: z
    .array(exactText(64))
    .min(1)
    .max(FIRMWARE_MANIFEST_MAX_MODELS)
    .refine((m) => new Set(m.map((x) => x.toLowerCase())).size === m.length),
  /** The image's SHA-256, lower-case hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The image's size in bytes. */
  size: z.number().int().min(1).max(FIRMWARE_MAX_BYTES),
});
export type FirmwareManifest = z.infer<typeof FirmwareManifestSchema>;

/**
 * JSON with object keys sorted (by UTF-16 code unit), no whitespace, strings and integers as
 * `JSON.stringify` writes them: for the manifest's value types this is RFC 8785 (JCS).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The bytes a manifest's Ed25519 signature is over: its canonical JSON in UTF-8. */
export const manifestBytes = (manifest: FirmwareManifest): Uint8Array =>
  new TextEncoder().encode(canonicalJson(manifest));

/**
 * The `.manifest.json` file a manufacturer hands over with an image (`npm run firmware:sign` writes
 * it): the manifest and the base64 Ed25519 signature over its canonical bytes.
 */
export const SignedManifestFileSchema = z.strictObject({
  manifest: z.unknown(),
  signature: z.string().max(200),
});

/**
 * What `POST /iot/firmware/upload` answers: the stored image, to be named in `add` within a day, the
 * verified manifest (the program's type and version come from it), and the manufacturer key that
 * signed it.
 */
export const FirmwareFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  keyFingerprint: z.string(),
  manifest: FirmwareManifestSchema,
});
export type FirmwareFile = z.infer<typeof FirmwareFileSchema>;

/** A provider administrator's decision that a program may go to devices running a newer version. */
export const RollbackMarkSchema = z.object({
  reason: z.string(),
  markedBy: z.string(),
  markedAt: z.string(),
});
export type RollbackMark = z.infer<typeof RollbackMarkSchema>;

/** What `POST /iot/firmware/sn/parse` answers for a serial-number spreadsheet. */
export const SnSheetResultSchema = z.object({ sns: z.array(z.string()) });

export const FirmwareAddBodySchema = z.object({
  manufacturerId: IdSchema,
  /**
   * Read from the upload's signed manifest. Optional: when sent, it must be the manifest's (422
   * naming the field otherwise); the program always takes the manifest's.
   */
  firmwareType: FirmwareTypeSchema.optional(),
  version: firmwareVersionSchema.optional(),
  status: FirmwareStatusSchema,
  description: requiredText(1, 500),
  descriptions: FirmwareDescriptionsSchema,
  /** The user confirmed that every language's description is complete. */
  descriptionsConfirmed: z.literal(true, { error: 'firmware.confirmDescriptions' }),
  /** All devices of the manufacturer and type, or only the serial numbers listed. */
  supportAll: z.boolean(),
  supportedSns: z
    .array(z.string().trim().toUpperCase().max(32))
    .max(SN_SHEET_MAX_ROWS, { message: withParams('validation.tooBig', { max: SN_SHEET_MAX_ROWS }) })
    .default([]),
  /** From `upload`. */
  fileId: z.string().regex(/^[a-f0-9]{32}$/, { message: 'file.missing' }),
});
export type FirmwareAddBody = z.infer<typeof FirmwareAddBodySchema>;

/** The parts of a program that may change once it exists (the image and its target stay). */
export const FirmwareEditBodySchema = z.object({
  id: IdSchema,
  description: requiredText(1, 500),
  descriptions: FirmwareDescriptionsSchema,
  descriptionsConfirmed: z.literal(true, { error: 'firmware.confirmDescriptions' }),
});
export type FirmwareEditBody = z.infer<typeof FirmwareEditBodySchema>;

export const FirmwareStatusBodySchema = z.object({ id: IdSchema, status: FirmwareStatusSchema });

/** Marks a program as a rollback with the reason, or (`reason: null`) withdraws the mark. */
export const FirmwareRollbackBodySchema = z.object({ id: IdSchema, reason: requiredText(5, 200).nullable() });
export type FirmwareRollbackBody = z.infer<typeof FirmwareRollbackBodySchema>;

export const FirmwarePageBodySchema = z.object({
  manufacturerId: IdSchema.optional(),
  firmwareType: FirmwareTypeSchema.optional(),
  status: FirmwareStatusSchema.optional(),
  /** Part of the version. */
  version: z.string().trim().max(32).optional(),
});
export type FirmwarePageBody = z.infer<typeof FirmwarePageBodySchema>;

export const FirmwareRowSchema = z.object({
  id: z.number(),
  manufacturerId: z.number(),
  manufacturer: z.string(),
  firmwareType: FirmwareTypeSchema,
  version: z.string(),
  status: FirmwareStatusSchema,
  description: z.string(),
  descriptions: FirmwareDescriptionsSchema,
  supportAll: z.boolean(),
  supportedCount: z.number(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  /**
   * The fingerprint of the manufacturer key that signed the image; null for an image stored before
   * signatures were required (it can no longer be rolled out).
   */
  keyFingerprint: z.string().nullable(),
  /** The signing key has been retired: the image can no longer be rolled out. */
  keyRetired: z.boolean(),
  /**
   * The device models of its signed manifest; null for a program registered before manifests were
   * required (it can no longer be rolled out: register the image again with its manifest).
   */
  models: z.array(z.string()).nullable(),
  /** Set when a provider administrator allowed it to go to devices running a newer version. */
  rollback: RollbackMarkSchema.nullable(),
  /** Tasks that use the program (it cannot be deleted while any does). */
  taskCount: z.number(),
  createdBy: z.string(),
  createTime: z.string(),
  /** Whether the caller may change it (programs of a parent organisation are only used). */
  editable: z.boolean(),
});
export type FirmwareRow = z.infer<typeof FirmwareRowSchema>;

// ------------------------------------------------------------------------------------ upgrade tasks

/**
 * A task: waiting for its start (SCHEDULED), running, PAUSED by a user, HALTED because the first
 * batch's success rate stayed under the threshold, CANCELLED, or COMPLETED (every device finished).
 */
export const UpgradeTaskStatusSchema = z.enum([
  'SCHEDULED',
  'RUNNING',
  'PAUSED',
  'HALTED',
  'CANCELLED',
  'COMPLETED',
]);
export type UpgradeTaskStatus = z.infer<typeof UpgradeTaskStatusSchema>;

/** Each device of a task: queued → sent → downloading (progress) → succeeded / failed / timed out. */
export const UpgradeDeviceStatusSchema = z.enum([
  'QUEUED',
  'SENT',
  'DOWNLOADING',
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'CANCELLED',
]);
export type UpgradeDeviceStatus = z.infer<typeof UpgradeDeviceStatusSchema>;
export const UPGRADE_DEVICE_FINAL: UpgradeDeviceStatus[] = ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED'];

export const UpgradeTaskAddBodySchema = z
  .object({
    name: requiredText(1, 64),
    programId: IdSchema,
    /** Devices (or dongles, for dongle firmware) by id; each must be a candidate of the program. */
    targetIds: z
      .array(IdSchema)
      .min(1, { message: 'upgrade.noDevices' })
      .max(5000, { message: withParams('validation.tooBig', { max: 5000 }) }),
    /** Absent: start now. */
    startAt: z.string().datetime({ offset: true, message: 'validation.invalid' }).optional().nullable(),
    /** Share of the devices in the first batch, %. 100 = all at once. */
    firstBatchPercent: z.number().int().min(1).max(100).default(100),
    /** The rest go only if the first batch's success rate reaches this, %. */
    successThreshold: z.number().int().min(0).max(100).default(90),
    remark: optionalText(200),
  })
  .refine((b) => new Set(b.targetIds).size === b.targetIds.length, {
    message: 'upgrade.duplicateDevices',
    path: ['targetIds'],
  });
export type UpgradeTaskAddBody = z.infer<typeof UpgradeTaskAddBodySchema>;

export const UpgradeTaskPageBodySchema = z.object({
  name: z.string().trim().max(64).optional(),
  status: UpgradeTaskStatusSchema.optional(),
  firmwareType: FirmwareTypeSchema.optional(),
});
export type UpgradeTaskPageBody = z.infer<typeof UpgradeTaskPageBodySchema>;

export const UpgradeCountsSchema = z.object({
  total: z.number(),
  queued: z.number(),
  running: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  timedOut: z.number(),
  cancelled: z.number(),
});
export type UpgradeCounts = z.infer<typeof UpgradeCountsSchema>;

export const UpgradeTaskRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  programId: z.number(),
  manufacturer: z.string(),
  firmwareType: FirmwareTypeSchema,
  version: z.string(),
  status: UpgradeTaskStatusSchema,
  /** Why a task halted (first batch below the threshold) or was cancelled. */
  statusReason: z.string().nullable(),
  startAt: z.string(),
  firstBatchPercent: z.number(),
  successThreshold: z.number(),
  /** 1 while the first batch runs, 2 once the rest are released. */
  stage: z.number(),
  counts: UpgradeCountsSchema,
  remark: z.string().nullable(),
  /** The program's rollback mark as it stood when the task was created: its devices may go back. */
  rollback: RollbackMarkSchema.nullable(),
  createdBy: z.string(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type UpgradeTaskRow = z.infer<typeof UpgradeTaskRowSchema>;

export const UpgradeTaskActionBodySchema = z.object({ id: IdSchema });
/** Retry: the failed and timed-out devices of a task (or only those listed). */
export const UpgradeRetryBodySchema = z.object({
  id: IdSchema,
  deviceIds: z.array(IdSchema).max(5000).optional(),
});

export const UpgradeDevicePageBodySchema = z.object({
  taskId: IdSchema,
  status: UpgradeDeviceStatusSchema.optional(),
  sn: z.string().trim().max(32).optional(),
});

export const UpgradeDeviceRowSchema = z.object({
  /** The row of the task (retry and history name it). */
  id: z.number(),
  sn: z.string(),
  plantId: z.number(),
  plantName: z.string(),
  batch: z.number(),
  status: UpgradeDeviceStatusSchema,
  progress: z.number(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  /** Why it failed or timed out (the device's words, or the cloud's). */
  reason: z.string().nullable(),
  attempts: z.number(),
  updateTime: z.string(),
});
export type UpgradeDeviceRow = z.infer<typeof UpgradeDeviceRowSchema>;

export const UpgradeHistoryRowSchema = z.object({
  at: z.string(),
  status: UpgradeDeviceStatusSchema,
  progress: z.number().nullable(),
  detail: z.string().nullable(),
});
export type UpgradeHistoryRow = z.infer<typeof UpgradeHistoryRowSchema>;

/** The devices a program may go to, in the caller's scope (the add-upgrade page's picker). */
export const UpgradeCandidateBodySchema = z.object({
  programId: IdSchema,
  plantId: IdSchema.optional(),
  sn: z.string().trim().max(32).optional(),
});
export const UpgradeCandidateRowSchema = z.object({
  id: z.number(),
  sn: z.string(),
  model: z.string().nullable(),
  plantId: z.number(),
  plantName: z.string(),
  status: z.string(),
  currentVersion: z.string().nullable(),
  /** The program's version is lower than the device's (or not comparable with it): only a rollback may go. */
  downgrade: z.boolean(),
});
export type UpgradeCandidateRow = z.infer<typeof UpgradeCandidateRowSchema>;

/**
 * How long a download link works (once: the first download uses it up), and how long a device may stay
 * silent during an upgrade.
 */
export const DOWNLOAD_TOKEN_TTL_MS = 60 * 60_000;
export const UPGRADE_SILENCE_TIMEOUT_MS = 5 * 60_000;
