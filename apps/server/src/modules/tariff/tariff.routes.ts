import multipart from '@fastify/multipart';
import { envelopeSchema, FieldErrorSchema, IdBodySchema, IdParamsSchema } from '@pvstar/contract/api';
import { tariff } from '@pvstar/contract/endpoints/tariff';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import {
  PRICE_FILE_MAX_BYTES,
  TariffImportResultSchema,
  TariffListBodySchema,
  TariffListSchema,
  TariffPeriodBodySchema,
  TariffPeriodEditBodySchema,
  TariffPricesBodySchema,
  TariffRecomputeSchema,
} from '@pvstar/contract/tariff';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve, type ZodApp } from '../../http/serve.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { createTariffService, PriceLinesError, type TariffService } from './tariff.service.ts';
import { type LineError, MalformedCsvError, readPriceFile } from './tariff-prices.ts';

const fieldErrors = envelopeSchema(z.object({ fields: z.array(FieldErrorSchema) }).nullable());
const tooLarge = () => new AppError(413, 'tariff.fileTooLarge', { max: PRICE_FILE_MAX_BYTES / 1024 / 1024 });

/**
 * A price list's bad lines as a 422 (a CSV that cannot be split into fields: a 400): every line in
 * `data.fields` (`line <n>: time|price`, or the JSON list's `prices[<i>].time|price`), the first in `msg`.
 */
function sendLines(reply: FastifyReply, lang: Lang, errors: LineError[], json: boolean, status = 422) {
  const fields = errors.map((e) => ({
    field: json
      ? e.field === 'file'
        ? 'prices'
        : `prices[${e.line - 1}].${e.field}`
      : `line ${e.line}${e.field === 'file' ? '' : `: ${e.field}`}`,
    message: `${translate(lang, 'tariff.line', { line: e.line })}: ${translate(lang, e.key, e.params ?? {})}`,
  }));
  return reply.code(status).send({ code: status, msg: fields[0]!.message, data: { fields } });
}

/** A plant's tariff periods and dynamic prices (decision 023). */
export const tariffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: PRICE_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 100 },
    });
    const service = createTariffService(ctx);
    periodRoutes(app, service);
    priceRoutes(app, service);
  };

/** The periods: a plant's list, the recompute status, adding, editing, deleting. */
function periodRoutes(app: ZodApp, service: TariffService) {
  serve(app, tariff.list, { body: TariffListBodySchema, response: TariffListSchema }, async (req) =>
    ok(await service.list(callerOf(req), req.body.stationId)),
  );

  serve(app, tariff.recompute, { params: IdParamsSchema, response: TariffRecomputeSchema }, async (req) =>
    ok(await service.recompute(callerOf(req), req.params.id)),
  );

  serve(
    app,
    tariff.add,
    {
      description:
        'A period of one direction; its days may not overlap another of the same direction (422 naming `validFrom`). TOU bands may not overlap (422 naming `bands[i]`). The past days it covers are recomputed in the background.',
      body: TariffPeriodBodySchema,
      response: z.object({ id: z.number() }),
    },
    async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'saved'),
  );

  serve(app, tariff.edit, { body: TariffPeriodEditBodySchema }, async (req) => {
    await service.edit(callerOf(req), req.body, req.ip);
    return ok(null, 'saved');
  });

  serve(app, tariff.delete, { body: IdBodySchema }, async (req) => {
    await service.delete(callerOf(req), req.body.id, req.ip);
    return ok(null, 'deleted');
  });
}

/** A dynamic period's prices: as JSON, or imported from a CSV or .xlsx file (with a preview). */
function priceRoutes(app: ZodApp, service: TariffService) {
  serve(
    app,
    tariff.prices,
    {
      description:
        'A dynamic period’s prices per kWh (`unit` MWH: per MWh) from `time` (ISO 8601 with offset, or the plant’s local `YYYY-MM-DD HH:MM`) on quarter hours, 15- or 60-minute steps; replaces the stored prices from the first to the last. Bad entries answer 422 naming each (`prices[i].time`).',
      body: TariffPricesBodySchema,
      response: TariffImportResultSchema,
      otherResponses: { 422: fieldErrors },
    },
    async (req, reply) => {
      try {
        const result = await service.prices(
          callerOf(req),
          { periodId: req.body.periodId, perMwh: req.body.unit === 'MWH', commit: true, header: false },
          async () => req.body.prices.map((p, i): [number, unknown, unknown] => [i + 1, p.time, p.price]),
          req.ip,
        );
        return ok(result, 'saved');
      } catch (err) {
        if (err instanceof PriceLinesError) return sendLines(reply, req.lang, err.errors, true);
        throw err;
      }
    },
  );

  serve(
    app,
    tariff.import,
    {
      description:
        'Multipart: `file`, a CSV (time and price separated by `;`, `,` or a tab; a field may be quoted, `"0,25"`; decimal comma or point; an optional header line) or an .xlsx (time in column A, price in B) of at most 2 MB; `periodId`; `unit` KWH (default) or MWH; `commit` true stores, otherwise a preview. Every bad line answers 422 naming it (`line <n>: time|price`); a CSV that cannot be split into fields (a quote left open or inside a field) answers 400 naming the line.',
      consumes: ['multipart/form-data'],
      response: TariffImportResultSchema,
      otherResponses: { 400: fieldErrors, 422: fieldErrors },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(415, 'file.format');
      const fields: Record<string, string> = {};
      let data: Buffer | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            data = await part.toBuffer();
            if (part.file.truncated) throw tooLarge();
          } else fields[part.fieldname] = String(part.value);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw err;
      }
      if (!data?.length) throw new AppError(400, 'file.missing');
      const periodId = Number(fields.periodId);
      if (!Number.isInteger(periodId) || periodId <= 0) throw invalidField('periodId', 'validation.required');
      const unit = fields.unit ?? 'KWH';
      if (unit !== 'KWH' && unit !== 'MWH') throw invalidField('unit', 'validation.enum');
      const file = data;
      try {
        const result = await service.prices(
          callerOf(req),
          { periodId, perMwh: unit === 'MWH', commit: fields.commit === 'true', header: true },
          () => readPriceFile(file),
          req.ip,
        );
        return ok(result, result.saved ? 'saved' : undefined);
      } catch (err) {
        if (err instanceof PriceLinesError) return sendLines(reply, req.lang, err.errors, false);
        if (err instanceof MalformedCsvError) return sendLines(reply, req.lang, [err.error], false, 400);
        throw err;
      }
    },
  );
}
