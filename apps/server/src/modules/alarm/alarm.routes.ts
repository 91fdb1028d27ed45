import {
  AlarmAckBodySchema,
  AlarmActionResultSchema,
  AlarmCloseBodySchema,
  AlarmNotifySchema,
  AlarmPageBodySchema,
  AlarmRowSchema,
  AlarmSummarySchema,
} from '@pvstar/contract/alarm';
import { envelopeSchema, IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { translate } from '@pvstar/contract/messages';
import { PERM } from '@pvstar/contract/perm';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { createAlarmService } from './alarm.service.ts';

/** The alert center's code, or the plant detail's (its alarm events tab reads the same list). */
const READ = { perm: [PERM.faultAlarm, PERM.stationDetail] } as const;

/** The alert center (`/fault/alarm`) and the alarm mail settings of the personal centre. */
export const alarmRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAlarmService(ctx);
    const tags = ['alarm'];

    app.post(
      '/iot/alarm/page',
      {
        config: { access: READ },
        schema: {
          tags,
          operationId: 'alarmPage',
          description: 'Alarms in the caller’s scope, newest first; texts in the `lang` of the request.',
          querystring: PageQuerySchema,
          body: AlarmPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(AlarmRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body, req.lang)),
    );

    app.post(
      '/iot/alarm/summary',
      {
        config: { access: READ },
        schema: {
          tags,
          operationId: 'alarmSummary',
          description: 'Counts under the list’s filter, across statuses and levels.',
          body: AlarmPageBodySchema,
          response: { 200: envelopeSchema(AlarmSummarySchema) },
        },
      },
      async (req) => ok(await service.summary(callerOf(req), req.body)),
    );

    app.post(
      '/iot/alarm/detail',
      {
        config: { access: READ },
        schema: {
          tags,
          operationId: 'alarmDetail',
          body: IdBodySchema,
          response: { 200: envelopeSchema(AlarmRowSchema) },
        },
      },
      async (req) => ok(await service.detail(callerOf(req), req.body.id, req.lang)),
    );

    app.post(
      '/iot/alarm/acknowledge',
      {
        config: { access: { perm: PERM.faultAlarmAck, write: true } },
        schema: {
          tags,
          operationId: 'alarmAcknowledge',
          description:
            'Every id must be in the caller’s scope (else 404, nothing changes); already acknowledged ones stay as they are.',
          body: AlarmAckBodySchema,
          response: { 200: envelopeSchema(AlarmActionResultSchema) },
        },
      },
      async (req) => {
        const result = await service.acknowledge(callerOf(req), req.body, req.ip);
        return ok(result, translate(req.lang, 'alarm.acknowledged', { count: result.changed }));
      },
    );

    app.post(
      '/iot/alarm/close',
      {
        config: { access: { perm: PERM.faultAlarmClose, write: true } },
        schema: {
          tags,
          operationId: 'alarmClose',
          description: 'Ends ongoing alarms by hand with a comment; ended ones stay as they are.',
          body: AlarmCloseBodySchema,
          response: { 200: envelopeSchema(AlarmActionResultSchema) },
        },
      },
      async (req) => {
        const result = await service.close(callerOf(req), req.body, req.ip);
        return ok(result, translate(req.lang, 'alarm.closed', { count: result.changed }));
      },
    );

    app.post(
      '/iot/alarm/export',
      {
        config: { access: { perm: PERM.faultAlarmExport, alsoPerm: READ.perm } },
        schema: {
          tags,
          operationId: 'alarmExport',
          description:
            'The filtered list as an xlsx workbook in the request’s language (at most 50,000 rows).',
          body: AlarmPageBodySchema,
        },
      },
      async (req, reply) => {
        const data = await service.export(callerOf(req), req.body, req.lang);
        const day = new Date().toISOString().slice(0, 10);
        return sendAttachment(reply, data, { filename: `alarms-${day}.xlsx`, type: XLSX_TYPE });
      },
    );

    app.get(
      '/auth/user/alarmNotify',
      {
        config: { access: { signedIn: true } },
        schema: {
          tags,
          operationId: 'alarmNotifyGet',
          description: 'The alarm levels the caller gets by e-mail.',
          response: { 200: envelopeSchema(AlarmNotifySchema) },
        },
      },
      async (req) => {
        const [u] = await ctx.db
          .select({ levels: users.alarmNotifyLevels })
          .from(users)
          .where(eq(users.id, callerOf(req).userId));
        return ok(AlarmNotifySchema.parse({ levels: u?.levels ?? [] }));
      },
    );

    app.post(
      '/auth/user/alarmNotify',
      {
        config: { access: { signedIn: true, write: true } },
        schema: {
          tags,
          operationId: 'alarmNotifySet',
          body: AlarmNotifySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        await ctx.db
          .update(users)
          .set({ alarmNotifyLevels: [...new Set(req.body.levels)], updatedAt: new Date() })
          .where(eq(users.id, callerOf(req).userId));
        return ok(null, 'saved');
      },
    );
  };
