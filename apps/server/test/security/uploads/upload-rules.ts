import { randomBytes } from 'node:crypto';
import { FIRMWARE_MAX_BYTES, SN_SHEET_MAX_BYTES, SN_SHEET_MAX_ROWS } from '@pvstar/contract/firmware';
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS } from '@pvstar/contract/station';
import { PRICE_FILE_MAX_BYTES } from '@pvstar/contract/tariff';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../src/modules/fault-code/fault-code.xlsx.ts';
import type { TestSigner } from '../../firmware-signing.ts';
import { jpegOf, pngOf, webpOf } from '../../picture-fixture.ts';
import { PNG } from '../fixtures/sample-files.ts';
import {
  CSV,
  faultSheet,
  GIF,
  HTML,
  MB,
  oversized,
  POLYGLOT,
  plainZip,
  SVG,
  snSheet,
  zipBomb,
} from './upload-samples.ts';

export interface Refusal {
  what: string;
  /** The file part (null: a multipart body with no file part; 'json': not multipart at all). */
  file: () => Buffer | null | 'json' | Promise<Buffer>;
  filename: string;
  status: number;
  /** The catalogue message the answer carries, in the caller's language. */
  key: string;
  params?: Record<string, number>;
  /** Text fields sent with the file (the firmware's manifest and manufacturer); the route's own when absent. */
  fields?: FormFields;
}

/** The form's text fields for a file (a firmware upload's signed manifest names it). */
export type FormFields = (file: Buffer | null) => Record<string, string>;

export interface UploadRoute {
  /** A file the route takes, so the refusals are not a route that takes nothing. */
  accepts: { file: () => Buffer | Promise<Buffer>; filename: string };
  refusals: Refusal[];
  /** Text fields every request of the route carries unless a refusal says otherwise. */
  fields?: FormFields;
}

/**
 * The manufacturer firmware uploads name, and its signing key: set before the tests run, read when a request
 * is made (the rules are collected before that).
 */
export interface FirmwareSigning {
  maker: { id: number; name: string };
  signer: TestSigner;
}

const notMultipart = (key: string): Refusal => ({
  what: 'a JSON body instead of a file',
  file: () => 'json',
  filename: '',
  status: 415,
  key,
});
const noFilePart = (key: string): Refusal => ({
  what: 'a form without a file part',
  file: () => null,
  filename: '',
  status: 400,
  key,
});
const zipBombs = (key: string, filename: string): Refusal[] => [
  { what: 'a zip bomb that says how big it is', file: () => zipBomb(), filename, status: 413, key },
  { what: 'a zip bomb that lies about its size', file: () => zipBomb(100), filename, status: 413, key },
];

/** What the price uploads go to: a dynamic tariff period made before the tests run. */
export interface TariffTarget {
  periodId: number;
}

/** The rules of every multipart upload route; the first test fails when a route is missing here. */
export function uploadRules(signing: FirmwareSigning, tariff: TariffTarget): Record<string, UploadRoute> {
  const signedFor = (file: Buffer | null): Record<string, string> => ({
    manufacturerId: String(signing.maker.id),
    ...(file?.length ? { manifest: signing.signer.signed(file) } : {}),
  });
  return {
    // Pictures: the name is never trusted (a JPEG named .png is stored as .jpg); the signature decides.
    'POST /file/upload': {
      accepts: { file: () => PNG, filename: 'roof.png' },
      refusals: [
        {
          what: 'an SVG named .png',
          file: () => SVG,
          filename: 'roof.png',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'an HTML page named .jpg',
          file: () => HTML,
          filename: 'roof.jpg',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'an HTML/PNG polyglot',
          file: () => POLYGLOT,
          filename: 'roof.png',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a GIF (not a format we show)',
          file: () => GIF,
          filename: 'roof.gif',
          status: 415,
          key: 'file.format',
        },
        ...(
          [
            ['a 1 KB PNG claiming 60,000 × 60,000 pixels', () => pngOf(60_000, 60_000)],
            ['a JPEG claiming 60,000 × 60,000 pixels', () => jpegOf(60_000, 60_000)],
            ['a WebP claiming 60,000 × 60,000 pixels', () => webpOf(60_000, 60_000)],
          ] as const
        ).map(([what, file]) => ({
          what,
          file,
          filename: 'roof.png',
          status: 422,
          key: 'file.tooManyPixels',
          params: { max: PICTURE_MAX_PIXELS / 1_000_000 },
        })),
        {
          what: 'a PNG over the size limit',
          file: () => oversized(PNG, PICTURE_MAX_BYTES),
          filename: 'roof.png',
          status: 413,
          key: 'file.tooLarge',
          params: { max: PICTURE_MAX_BYTES / MB },
        },
        {
          what: 'an empty file',
          file: () => Buffer.alloc(0),
          filename: 'roof.png',
          status: 400,
          key: 'file.missing',
        },
        noFilePart('file.missing'),
        notMultipart('file.format'),
      ],
    },
    // Firmware: only a .bin, within the size limit, with a manifest naming its SHA-256 signed by its
    // manufacturer's active key (an image has no signature of its own: the manifest says who made it).
    'POST /iot/firmware/upload': {
      accepts: { file: () => randomBytes(2048), filename: 'fw-2.1.bin' },
      fields: signedFor,
      refusals: [
        {
          what: 'a .bin without a manifest',
          file: () => randomBytes(512),
          filename: 'fw.bin',
          status: 400,
          key: 'firmware.manifestMissing',
          fields: () => ({ manufacturerId: String(signing.maker.id) }),
        },
        {
          what: 'a .bin whose manifest is not one',
          file: () => randomBytes(512),
          filename: 'fw.bin',
          status: 400,
          key: 'firmware.manifestFormat',
          fields: () => ({
            manufacturerId: String(signing.maker.id),
            manifest: '<script>alert(1)</script>',
          }),
        },
        {
          what: 'a .bin whose signed manifest names other bytes',
          file: () => randomBytes(512),
          filename: 'fw.bin',
          status: 400,
          key: 'firmware.manifestImage',
          fields: () => ({
            manufacturerId: String(signing.maker.id),
            manifest: signing.signer.signed(randomBytes(512)),
          }),
        },
        {
          what: 'a .bin without its manufacturer',
          file: () => randomBytes(512),
          filename: 'fw.bin',
          status: 400,
          key: 'validation.required',
          fields: (file) => ({ manifest: signing.signer.signed(file!) }),
        },
        {
          what: 'an .exe',
          file: () => randomBytes(512),
          filename: 'fw.exe',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a .bin.html',
          file: () => HTML,
          filename: 'fw.bin.html',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a name without extension',
          file: () => randomBytes(512),
          filename: 'fw',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a .bin over the size limit',
          file: () => oversized(Buffer.alloc(0), FIRMWARE_MAX_BYTES),
          filename: 'fw.bin',
          status: 413,
          key: 'firmware.fileTooLarge',
          params: { max: FIRMWARE_MAX_BYTES / MB },
        },
        {
          what: 'an empty .bin',
          file: () => Buffer.alloc(0),
          filename: 'fw.bin',
          status: 400,
          key: 'firmware.fileEmpty',
        },
        noFilePart('file.missing'),
        notMultipart('file.format'),
      ],
    },
    // Serial-number lists: a real xlsx, named so, within 2 MB, 10 MB unpacked and 10,000 rows.
    'POST /iot/firmware/sn/parse': {
      accepts: { file: () => snSheet(2), filename: 'sns.xlsx' },
      refusals: [
        {
          what: 'a CSV named .xlsx',
          file: () => CSV,
          filename: 'sns.xlsx',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'an HTML page named .xlsx',
          file: () => HTML,
          filename: 'sns.xlsx',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a zip that is no workbook',
          file: plainZip,
          filename: 'sns.xlsx',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a workbook named .csv',
          file: () => snSheet(2),
          filename: 'sns.csv',
          status: 415,
          key: 'file.format',
        },
        ...zipBombs('payloadTooLarge', 'sns.xlsx'),
        {
          what: 'a file over the size limit',
          file: () => oversized(plainZip(), SN_SHEET_MAX_BYTES),
          filename: 'sns.xlsx',
          status: 413,
          key: 'firmware.fileTooLarge',
          params: { max: SN_SHEET_MAX_BYTES / MB },
        },
        {
          what: 'more rows than the limit',
          file: () => snSheet(SN_SHEET_MAX_ROWS + 1),
          filename: 'sns.xlsx',
          status: 422,
          key: 'firmware.snTooManyRows',
          params: { max: SN_SHEET_MAX_ROWS },
        },
        noFilePart('file.missing'),
        notMultipart('file.format'),
      ],
    },
    // The fault code import: a real xlsx, named so, within 2 MB, 64 MB unpacked and 2,000 rows.
    'POST /system/faultCode/import': {
      accepts: { file: () => faultSheet(1, 'UPL-OK'), filename: 'codes.xlsx' },
      refusals: [
        {
          what: 'a CSV named .xlsx',
          file: () => CSV,
          filename: 'codes.xlsx',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a zip that is no workbook',
          file: plainZip,
          filename: 'codes.xlsx',
          status: 415,
          key: 'file.format',
        },
        {
          what: 'a workbook named .html',
          file: () => faultSheet(1),
          filename: 'codes.html',
          status: 415,
          key: 'file.format',
        },
        ...zipBombs('payloadTooLarge', 'codes.xlsx'),
        {
          what: 'a file over the size limit',
          file: () => oversized(plainZip(), IMPORT_MAX_BYTES),
          filename: 'codes.xlsx',
          status: 413,
          key: 'payloadTooLarge',
        },
        {
          what: 'more rows than the limit',
          file: () => faultSheet(IMPORT_MAX_ROWS + 1),
          filename: 'codes.xlsx',
          status: 422,
          key: 'faultCode.importInvalid',
          params: { count: 1 },
        },
        noFilePart('file.missing'),
        notMultipart('file.format'),
      ],
    },
    // Day-ahead prices (decision 023): a CSV or the first sheet of an xlsx; every bad line is named.
    'POST /station/tariff/import': {
      accepts: {
        file: () => Buffer.from('time;price\n2031-03-01 10:00;0,21\n2031-03-01 11:00;0,19\n'),
        filename: 'prices.csv',
      },
      fields: () => ({ periodId: String(tariff.periodId), commit: 'true' }),
      refusals: [
        {
          what: 'a malformed line',
          file: () => Buffer.from('2031-03-01 10:00;0,2\n2031-03-01 11:00;zwölf\n'),
          filename: 'prices.csv',
          status: 422,
          key: 'tariff.priceInvalid',
        },
        {
          what: 'a zip that is no workbook',
          file: plainZip,
          filename: 'prices.xlsx',
          status: 415,
          key: 'file.format',
        },
        ...zipBombs('payloadTooLarge', 'prices.xlsx'),
        {
          what: 'a file over the size limit',
          file: () => oversized(Buffer.from('time;price\n'), PRICE_FILE_MAX_BYTES),
          filename: 'prices.csv',
          status: 413,
          key: 'tariff.fileTooLarge',
          params: { max: PRICE_FILE_MAX_BYTES / MB },
        },
        noFilePart('file.missing'),
        notMultipart('file.format'),
      ],
    },
  };
}
