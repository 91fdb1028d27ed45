import multipart from '@fastify/multipart';
import { envelopeSchema, IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { faultCode } from '@pvstar/contract/endpoints/fault-code';
import {
  FaultCodeAddBodySchema,
  FaultCodeEditBodySchema,
  FaultCodePageBodySchema,
  FaultCodeRowSchema,
  FaultImportErrorSchema,
  FaultImportResultSchema,
} from '@pvstar/contract/fault-code';
import { translate } from '@pvstar/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { createFaultCodeService } from './fault-code.service.ts';
import { IMPORT_MAX_BYTES, parseWorkbook } from './fault-code.xlsx.ts';

const tooLarge = () => new AppError(413, 'payloadTooLarge');

/** The fault code library (basic data, `/basic/alarm`): list, add, edit, delete, xlsx export and import. */
export const faultCodeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered in this plugin's own scope (as the file module does in its own), for the import only.
    await app.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 100 },
    });
    const service = createFaultCodeService(ctx);

    serve(
      app,
      faultCode.page,
      {
        querystring: PageQuerySchema,
        body: FaultCodePageBodySchema,
        response: pageResultSchema(FaultCodeRowSchema),
      },
      async (req) => ok(await service.page(req.query, req.body, req.lang)),
    );

    serve(
      app,
      faultCode.add,
      { body: FaultCodeAddBodySchema, response: z.object({ id: z.number() }) },
      async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(app, faultCode.edit, { body: FaultCodeEditBodySchema }, async (req) => {
      await service.edit(callerOf(req), req.body, req.ip);
      return ok(null, 'saved');
    });

    serve(app, faultCode.delete, { body: IdBodySchema }, async (req) => {
      await service.remove(callerOf(req), req.body.id, req.ip);
      return ok(null, 'deleted');
    });

    serve(
      app,
      faultCode.export,
      {
        description: 'The filtered library as an xlsx workbook (the import reads the same columns).',
        body: FaultCodePageBodySchema,
      },
      async (req, reply) => {
        const data = await service.export(req.body, req.lang);
        const day = new Date().toISOString().slice(0, 10);
        return sendAttachment(reply, data, { filename: `fault-codes-${day}.xlsx`, type: XLSX_TYPE });
      },
    );

    serve(
      app,
      faultCode.import,
      {
        description:
          'Multipart `file` (.xlsx, at most 2 MB and 2,000 rows). Every row is checked first: any bad row answers 422 with `data.errors` [{ row, field, message }] and nothing is imported.',
        consumes: ['multipart/form-data'],
        response: FaultImportResultSchema,
        otherResponses: { 422: envelopeSchema(z.object({ errors: z.array(FaultImportErrorSchema) })) },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw new AppError(415, 'file.format');
        let data: Buffer;
        try {
          const part = await req.file();
          if (!part) throw new AppError(400, 'file.missing');
          // Named as a workbook too, as the serial-number list must be: the content alone is not the rule.
          if (!/\.xlsx?$/i.test(part.filename)) {
            part.file.resume();
            throw new AppError(415, 'file.format');
          }
          data = await part.toBuffer();
          if (part.file.truncated) throw tooLarge();
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
          throw err;
        }
        if (data.length === 0) throw new AppError(400, 'file.missing');
        const parsed = await parseWorkbook(data, req.lang);
        if (!parsed.ok) {
          const count = parsed.total ?? parsed.errors.length;
          return reply.code(422).send({
            code: 422,
            msg: translate(req.lang, 'faultCode.importInvalid', { count }),
            data: { errors: parsed.errors },
          });
        }
        const result = await service.import(callerOf(req), parsed.rows, req.ip);
        return ok(result, translate(req.lang, 'faultCode.imported', result));
      },
    );
  };
