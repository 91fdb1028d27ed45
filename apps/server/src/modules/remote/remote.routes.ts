import { PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { remote } from '@pvstar/contract/endpoints/remote';
import {
  RemoteAuditPageBodySchema,
  RemoteAuditRowSchema,
  RemoteCommandSchema,
  RemoteDeviceBodySchema,
  RemoteStateSchema,
  RemoteWriteBodySchema,
} from '@pvstar/contract/remote';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createRemoteService } from './remote.service.ts';
import { buildRemoteAuditWorkbook } from './remote.xlsx.ts';

/** Remote inverter settings: read, write (confirmed by read-back) and the log of every attempt. */
export const remoteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createRemoteService(ctx);

    serve(
      app,
      remote.paramsState,
      {
        description: 'The inverter’s parameters as last read, when, and its recent commands (newest first).',
        body: RemoteDeviceBodySchema,
        response: RemoteStateSchema,
      },
      async (req) => ok(await service.state(callerOf(req), req.body.deviceId)),
    );

    serve(
      app,
      remote.paramsRead,
      {
        description:
          'Sends `params.read` to the inverter’s dongle; the answer arrives on the command (see `state`).',
        body: RemoteDeviceBodySchema,
        response: RemoteCommandSchema,
      },
      async (req) => ok(await service.read(callerOf(req), req.body.deviceId, req.ip), 'remote.readSent'),
    );

    serve(
      app,
      remote.paramsWrite,
      {
        description:
          'Sends the changed values as `params.write` with an expiry. Needs the disclaimer and the caller’s password; values outside the contract’s ranges answer 422 naming the field, and nothing is sent. Every attempt is logged. The command is CONFIRMED only when the device reads the values back.',
        body: RemoteWriteBodySchema,
        response: RemoteCommandSchema,
      },
      async (req) => ok(await service.write(callerOf(req), req.body, req.ip, req.lang), 'remote.writeSent'),
    );

    serve(
      app,
      remote.auditPage,
      {
        description: 'Every read and write attempt and every device answer, newest first (append-only).',
        querystring: PageQuerySchema,
        body: RemoteAuditPageBodySchema,
        response: pageResultSchema(RemoteAuditRowSchema),
      },
      async (req) => ok(await service.auditPage(callerOf(req), req.query, req.body, req.lang)),
    );

    serve(
      app,
      remote.auditExport,
      {
        description: 'The filtered log as an xlsx workbook in the request’s language (at most 50,000 rows).',
        body: RemoteAuditPageBodySchema,
      },
      async (req, reply) => {
        const rows = await service.auditExport(callerOf(req), req.body, req.lang);
        const data = await buildRemoteAuditWorkbook(rows, req.lang);
        const day = new Date().toISOString().slice(0, 10);
        return sendAttachment(reply, data, { filename: `parameter-log-${day}.xlsx`, type: XLSX_TYPE });
      },
    );
  };
