import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  envelopeSchema,
  FieldErrorSchema,
  IdBodySchema,
  PageQuerySchema,
  pageResultSchema,
} from '@pvstar/contract/api';
import { firmware } from '@pvstar/contract/endpoints/firmware';
import {
  FIRMWARE_MAX_BYTES,
  FirmwareAddBodySchema,
  FirmwareEditBodySchema,
  FirmwareFileSchema,
  FirmwarePageBodySchema,
  FirmwareRollbackBodySchema,
  FirmwareRowSchema,
  FirmwareStatusBodySchema,
  SN_SHEET_MAX_BYTES,
  SnSheetResultSchema,
} from '@pvstar/contract/firmware';
import { translate } from '@pvstar/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { serve, type ZodApp } from '../../http/serve.ts';
import {
  type ReceivedImage,
  receiveUpload,
  recordUpload,
  sanitizeFileName,
  UploadEmpty,
  UploadTooLarge,
} from './firmware.files.ts';
import { createFirmwareService, type FirmwareService } from './firmware.service.ts';
import { readManifestPart, verifyUploadManifest } from './firmware.upload.ts';
import { buildSnTemplate, parseSnSheet } from './firmware.xlsx.ts';

const fieldErrors = envelopeSchema(z.object({ fields: z.array(FieldErrorSchema) }).nullable());
const MB = 1024 * 1024;
const tooLarge = (maxBytes: number) => new AppError(413, 'firmware.fileTooLarge', { max: maxBytes / MB });
const wrongFormat = () => new AppError(415, 'file.format');
const isMultipartLimit = (err: unknown) => (err as { statusCode?: number }).statusCode === 413;

/** The one file part of a multipart request, refused unless its name ends as `ext` says. */
async function filePart(req: FastifyRequest, maxBytes: number, ext: RegExp): Promise<MultipartFile> {
  if (!req.isMultipart()) throw wrongFormat();
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: maxBytes } });
  } catch (err) {
    if (isMultipartLimit(err)) throw tooLarge(maxBytes);
    throw err;
  }
  if (!part) throw new AppError(400, 'file.missing');
  if (!ext.test(sanitizeFileName(part.filename))) {
    // Let the rest of the body flow by unread.
    part.file.resume();
    throw wrongFormat();
  }
  return part;
}

/**
 * A firmware upload: the .bin image streamed to storage, its signed manifest (a file or a field) and the
 * manufacturer, verified together; the stored image is discarded on any refusal.
 */
async function receiveFirmware(ctx: Pick<AppContext, 'db' | 'config'>, req: FastifyRequest) {
  if (!req.isMultipart()) throw wrongFormat();
  let image: ReceivedImage | null = null;
  let manifest: string | null = null;
  let manufacturerId: string | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: FIRMWARE_MAX_BYTES } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'manifest') manifest = String(part.value);
        else if (part.fieldname === 'manufacturerId') manufacturerId = String(part.value);
        continue;
      }
      if (part.fieldname === 'manifest') {
        manifest = await readManifestPart(part.file);
        continue;
      }
      if (part.fieldname !== 'file' || image) {
        // Let the rest of the body flow by unread.
        part.file.resume();
        continue;
      }
      if (!/\.bin$/i.test(sanitizeFileName(part.filename))) {
        part.file.resume();
        throw wrongFormat();
      }
      image = await receiveUpload(ctx.config, {
        stream: part.file,
        fileName: sanitizeFileName(part.filename),
      });
    }
    if (!image) throw new AppError(400, 'file.missing');
    const signed = await verifyUploadManifest(ctx.db, image, manufacturerId, manifest);
    return await recordUpload(ctx.db, image, { ...signed, userId: callerOf(req).userId });
  } catch (err) {
    await image?.discard();
    if (err instanceof UploadTooLarge || isMultipartLimit(err)) throw tooLarge(FIRMWARE_MAX_BYTES);
    if (err instanceof UploadEmpty) throw new AppError(400, 'firmware.fileEmpty');
    throw err;
  }
}

/** Firmware programs ("Add Device Program", "Manage Device Programs", requirements §R9.2). */
export const firmwareRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // In this plugin's own scope; each route sets its own file size limit.
    await app.register(multipart, {
      // The image, and its signed manifest as a second file or a field, and the manufacturer.
      limits: { fileSize: FIRMWARE_MAX_BYTES, files: 2, fields: 4, parts: 5, headerPairs: 100 },
    });
    const service = createFirmwareService(ctx);
    uploadRoutes(app, ctx);
    snSheetRoutes(app);
    programRoutes(app, service);
  };

/** The image upload, before a program names it. */
function uploadRoutes(app: ZodApp, ctx: AppContext) {
  serve(
    app,
    firmware.upload,
    {
      description:
        'Multipart: `file`, a .bin image of at most 32 MB; `manifest`, its signed manifest (a `.manifest.json` file or a field: `{ manifest, signature }`, docs/remote-control.md); `manufacturerId`, whose active key must have signed the manifest, which must name that manufacturer and the image’s SHA-256 and size (400 naming `manifest` otherwise). Answers its id (named in `add`; an upload no program names is removed after a day), size, SHA-256, the verified manifest and the fingerprint of the key that signed it.',
      consumes: ['multipart/form-data'],
      response: FirmwareFileSchema,
    },
    async (req) => ok(await receiveFirmware(ctx, req), 'firmware.uploaded'),
  );
}

/** The serial-number sheet: its template and reading a filled one. */
function snSheetRoutes(app: ZodApp) {
  serve(
    app,
    firmware.snTemplate,
    { description: 'The serial-number template: an xlsx with one `SN` column.' },
    async (req, reply) => {
      const data = await buildSnTemplate(translate(req.lang, 'firmware.templateSheet'));
      return sendAttachment(reply, data, { filename: 'sn-template.xlsx', type: XLSX_TYPE });
    },
  );

  serve(
    app,
    firmware.snParse,
    {
      description:
        'Multipart `file`: an .xlsx of at most 2 MB with an `SN` column (the template). Answers the serial numbers, upper case; any bad row answers 422 with every bad row in `data.fields` (`row <n>`, at most 100).',
      consumes: ['multipart/form-data'],
      response: SnSheetResultSchema,
      otherResponses: { 422: fieldErrors },
    },
    async (req, reply) => {
      const part = await filePart(req, SN_SHEET_MAX_BYTES, /\.xlsx?$/i);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if (isMultipartLimit(err)) throw tooLarge(SN_SHEET_MAX_BYTES);
        throw err;
      }
      if (part.file.truncated) throw tooLarge(SN_SHEET_MAX_BYTES);
      if (data.length === 0) throw new AppError(400, 'firmware.fileEmpty');
      const sheet = await parseSnSheet(data);
      if (!sheet.ok) {
        const fields = sheet.errors.map((e) => ({
          field: `row ${e.row}`,
          message: translate(req.lang, e.key),
        }));
        const first = sheet.errors[0]!;
        return reply.code(422).send({
          code: 422,
          msg: `${translate(req.lang, 'firmware.row', { row: first.row })}: ${fields[0]!.message}`,
          data: { fields },
        });
      }
      return ok({ sns: sheet.sns });
    },
  );
}

/** The programs: their list, adding one, its changes and its removal. */
function programRoutes(app: ZodApp, service: FirmwareService) {
  serve(
    app,
    firmware.page,
    {
      description:
        'Programs of the caller’s organisation, its sub-organisations and its ancestors, newest first; `editable` is false for an ancestor’s.',
      querystring: PageQuerySchema,
      body: FirmwarePageBodySchema,
      response: pageResultSchema(FirmwareRowSchema),
    },
    async (req) => ok(await service.page(callerOf(req), req.query, req.body)),
  );

  serve(
    app,
    firmware.add,
    {
      description:
        'A program of the caller’s organisation from an upload of the caller’s; its firmware type and version are the upload’s signed manifest’s (a `firmwareType` or `version` sent that differs answers 422 naming it). The version is unique per manufacturer, firmware type and organisation (409).',
      body: FirmwareAddBodySchema,
      response: z.object({ id: z.number() }),
    },
    async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
  );

  serve(
    app,
    firmware.edit,
    {
      description: 'Only the descriptions change; an ancestor organisation’s program answers 403.',
      body: FirmwareEditBodySchema,
    },
    async (req) => {
      await service.edit(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    },
  );

  serve(app, firmware.status, { body: FirmwareStatusBodySchema }, async (req) => {
    await service.setStatus(callerOf(req), req.body.id, req.body.status, req.ip);
    return ok(null, 'saved');
  });

  serve(
    app,
    firmware.rollback,
    {
      description:
        'A user of the provider organisation marks a program as a rollback (`reason`, 5–200 characters): tasks may then take it to devices running a newer version, and say so in their commands. `reason: null` withdraws the mark (running tasks created with it halt). Others answer 403; audited.',
      body: FirmwareRollbackBodySchema,
    },
    async (req) => {
      await service.setRollback(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    },
  );

  serve(
    app,
    firmware.delete,
    {
      description: 'Removes the program and its image; 409 while an upgrade task uses it (`firmware.inUse`).',
      body: IdBodySchema,
    },
    async (req) => {
      await service.remove(callerOf(req), req.body.id, req.ip);
      return ok(null, 'deleted');
    },
  );
}
