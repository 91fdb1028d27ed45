import multipart from '@fastify/multipart';
import { file } from '@pvstar/contract/endpoints/file';
import { PERM } from '@pvstar/contract/perm';
import { PICTURE_MAX_BYTES, UploadResultSchema } from '@pvstar/contract/station';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { requireManager } from '../role/role-access.ts';
import {
  pictureVisible,
  readPicture,
  requireDecodableSize,
  sniffPicture,
  storePicture,
} from './file.service.ts';

const tooLarge = () => new AppError(413, 'file.tooLarge', { max: PICTURE_MAX_BYTES / 1024 / 1024 });

/**
 * Plant pictures. Served to signed-in users only, so the web fetches them with its bearer token and
 * shows them from a blob: URL. Pictures of people's homes are personal data: a link copied out of the
 * app (a log, a referrer, a shared screenshot) must not open them without a session. Names are still
 * 128 random bits; a plant's picture answers 404 outside that plant's scope, like the plant, and one no
 * plant shows yet 404 outside the uploader's organisation and those above it.
 */
export const fileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 100 },
    });

    serve(
      app,
      file.upload,
      { consumes: ['multipart/form-data'], response: UploadResultSchema },
      async (req) => {
        const caller = callerOf(req);
        await requireManager(ctx.db, caller, [PERM.stationAdd, PERM.stationEdit]);
        if (!req.isMultipart()) throw new AppError(415, 'file.format');
        let data: Buffer;
        try {
          const part = await req.file();
          if (!part) throw new AppError(400, 'file.missing');
          data = await part.toBuffer();
          if (part.file.truncated) throw tooLarge();
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
          throw err;
        }
        if (data.length === 0) throw new AppError(400, 'file.missing');
        const type = sniffPicture(data.subarray(0, 16));
        if (!type) throw new AppError(415, 'file.format');
        requireDecodableSize(data, type);
        const stored = await storePicture(ctx, caller, data, type);
        return ok(stored);
      },
    );

    serve(app, file.picture, { params: z.object({ name: z.string().max(64) }) }, async (req, reply) => {
      const picture = await readPicture(ctx, req.params.name);
      if (!picture || !(await pictureVisible(ctx, callerOf(req), req.params.name))) throw notFound();
      // An attachment, like every stored file: opened directly it is saved, never shown on our origin (the
      // web fetches it with its token and shows it from a blob: URL). The name has passed PICTURE_NAME.
      return reply
        .header('Content-Type', picture.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="${req.params.name}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=86400')
        .send(picture.data);
    });
  };
