import { envelopeSchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { PERM } from '@pvstar/contract/perm';
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
import { createRemoteService } from './remote.service.ts';
import { buildRemoteAuditWorkbook } from './remote.xlsx.ts';

/** Remote inverter settings: read, write (confirmed by read-back) and the log of every attempt. */
export const remoteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createRemoteService(ctx);
    const tags = ['remote'];

    app.post(
      '/iot/remote/params/state',
      {
        config: { access: { perm: PERM.remoteRead } },
        schema: {
          tags,
          operationId: 'remoteParamsState',
          description:
            'The inverter’s parameters as last read, when, and its recent commands (newest first).',
          body: RemoteDeviceBodySchema,
          response: { 200: envelopeSchema(RemoteStateSchema) },
        },
      },
      async (req) => ok(await service.state(callerOf(req), req.body.deviceId)),
    );

    app.post(
      '/iot/remote/params/read',
      {
        // Reading sends a command to the device and keeps it in the log: a change, as far as read-only
        // accounts are concerned.
        config: { access: { perm: PERM.remoteRead, write: true } },
        schema: {
          tags,
          operationId: 'remoteParamsRead',
          description:
            'Sends `params.read` to the inverter’s dongle; the answer arrives on the command (see `state`).',
          body: RemoteDeviceBodySchema,
          response: { 200: envelopeSchema(RemoteCommandSchema) },
        },
      },
      async (req) => ok(await service.read(callerOf(req), req.body.deviceId, req.ip), 'remote.readSent'),
    );

    app.post(
      '/iot/remote/params/write',
      {
        config: { access: { perm: PERM.remoteWrite, write: true } },
        schema: {
          tags,
          operationId: 'remoteParamsWrite',
          description:
            'Sends the changed values as `params.write` with an expiry. Needs the disclaimer and the caller’s password; values outside the contract’s ranges answer 422 naming the field, and nothing is sent. Every attempt is logged. The command is CONFIRMED only when the device reads the values back.',
          body: RemoteWriteBodySchema,
          response: { 200: envelopeSchema(RemoteCommandSchema) },
        },
      },
      async (req) => ok(await service.write(callerOf(req), req.body, req.ip, req.lang), 'remote.writeSent'),
    );

    app.post(
      '/iot/remote/audit/page',
      {
        config: { access: { perm: PERM.remoteRead } },
        schema: {
          tags,
          operationId: 'remoteAuditPage',
          description: 'Every read and write attempt and every device answer, newest first (append-only).',
          querystring: PageQuerySchema,
          body: RemoteAuditPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(RemoteAuditRowSchema)) },
        },
      },
      async (req) => ok(await service.auditPage(callerOf(req), req.query, req.body, req.lang)),
    );

    app.post(
      '/iot/remote/audit/export',
      {
        config: { access: { perm: PERM.remoteRead } },
        schema: {
          tags,
          operationId: 'remoteAuditExport',
          description:
            'The filtered log as an xlsx workbook in the request’s language (at most 50,000 rows).',
          body: RemoteAuditPageBodySchema,
        },
      },
      async (req, reply) => {
        const rows = await service.auditExport(callerOf(req), req.body, req.lang);
        const data = await buildRemoteAuditWorkbook(rows, req.lang);
        const day = new Date().toISOString().slice(0, 10);
        return sendAttachment(reply, data, { filename: `parameter-log-${day}.xlsx`, type: XLSX_TYPE });
      },
    );
  };
