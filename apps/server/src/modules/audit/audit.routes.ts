import { PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { AuditActionOptionSchema, AuditPageBodySchema, AuditRowSchema } from '@pvstar/contract/audit';
import { audit } from '@pvstar/contract/endpoints/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createAuditService } from './audit.service.ts';
import { buildAuditWorkbook } from './audit.xlsx.ts';

/**
 * System → audit log (2007004): read and export only. The log is append-only in the database (a trigger
 * refuses UPDATE and DELETE) and no route changes it.
 */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAuditService(ctx);

    serve(
      app,
      audit.page,
      {
        description:
          'Sign-ins, account, permission and organisation changes, contact reveals, plant, alarm, basic-data, firmware and upgrade actions in the caller’s scope, newest first.',
        querystring: PageQuerySchema,
        body: AuditPageBodySchema,
        response: pageResultSchema(AuditRowSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body, req.lang)),
    );

    serve(
      app,
      audit.export,
      {
        description:
          'The filtered log as an xlsx workbook in the request’s language (at most 50,000 entries).',
        body: AuditPageBodySchema,
      },
      async (req, reply) => {
        const rows = await service.export(callerOf(req), req.body, req.lang);
        const day = new Date().toISOString().slice(0, 10);
        return sendAttachment(reply, await buildAuditWorkbook(rows, req.lang), {
          filename: `audit-log-${day}.xlsx`,
          type: XLSX_TYPE,
        });
      },
    );

    serve(
      app,
      audit.actions,
      {
        description:
          'The actions the log records, labelled in the request’s language (the filter’s choices).',
        response: z.array(AuditActionOptionSchema),
      },
      async (req) => ok(service.actions(req.lang)),
    );
  };
