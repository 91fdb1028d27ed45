import {
  AlarmAckBodySchema,
  AlarmActionResultSchema,
  AlarmBellSchema,
  AlarmCloseBodySchema,
  AlarmNotifySchema,
  AlarmPageBodySchema,
  AlarmPageQuerySchema,
  AlarmRowSchema,
  AlarmSummarySchema,
} from '@pvstar/contract/alarm';
import { IdBodySchema, pageResultSchema } from '@pvstar/contract/api';
import { alarm } from '@pvstar/contract/endpoints/alarm';
import { translate } from '@pvstar/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createAlarmService } from './alarm.service.ts';

/** The alert center (`/fault/alarm`) and the alarm mail settings of the personal centre. */
export const alarmRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAlarmService(ctx);

    serve(
      app,
      alarm.page,
      {
        description:
          'Alarms in the caller’s scope, newest first unless `orderBy` says otherwise; texts in the `lang` of the request.',
        querystring: AlarmPageQuerySchema,
        body: AlarmPageBodySchema,
        response: pageResultSchema(AlarmRowSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body, req.lang)),
    );

    serve(
      app,
      alarm.summary,
      {
        description: 'Counts under the list’s filter, across statuses and levels.',
        body: AlarmPageBodySchema,
        response: AlarmSummarySchema,
      },
      async (req) => ok(await service.summary(callerOf(req), req.body)),
    );

    serve(
      app,
      alarm.bell,
      {
        description: 'Ongoing alarms nobody has acknowledged, in the caller’s scope (the header’s bell).',
        response: AlarmBellSchema,
      },
      async (req) => ok(await service.bell(callerOf(req))),
    );

    serve(app, alarm.detail, { body: IdBodySchema, response: AlarmRowSchema }, async (req) =>
      ok(await service.detail(callerOf(req), req.body.id, req.lang)),
    );

    serve(
      app,
      alarm.acknowledge,
      {
        description:
          'Every id must be in the caller’s scope (else 404, nothing changes); already acknowledged ones stay as they are.',
        body: AlarmAckBodySchema,
        response: AlarmActionResultSchema,
      },
      async (req) => {
        const result = await service.acknowledge(callerOf(req), req.body, req.ip);
        return ok(result, translate(req.lang, 'alarm.acknowledged', { count: result.changed }));
      },
    );

    serve(
      app,
      alarm.close,
      {
        description: 'Ends ongoing alarms by hand with a comment; ended ones stay as they are.',
        body: AlarmCloseBodySchema,
        response: AlarmActionResultSchema,
      },
      async (req) => {
        const result = await service.close(callerOf(req), req.body, req.ip);
        return ok(result, translate(req.lang, 'alarm.closed', { count: result.changed }));
      },
    );

    serve(
      app,
      alarm.export,
      {
        description: 'The filtered list as an xlsx workbook in the request’s language (at most 50,000 rows).',
        body: AlarmPageBodySchema,
      },
      async (req, reply) => {
        const data = await service.export(callerOf(req), req.body, req.lang);
        const day = new Date().toISOString().slice(0, 10);
        return sendAttachment(reply, data, { filename: `alarms-${day}.xlsx`, type: XLSX_TYPE });
      },
    );

    serve(
      app,
      alarm.notifyGet,
      { description: 'The alarm levels the caller gets by e-mail.', response: AlarmNotifySchema },
      async (req) => {
        const [u] = await ctx.db
          .select({ levels: users.alarmNotifyLevels })
          .from(users)
          .where(eq(users.id, callerOf(req).userId));
        return ok(AlarmNotifySchema.parse({ levels: u?.levels ?? [] }));
      },
    );

    serve(app, alarm.notifySet, { body: AlarmNotifySchema }, async (req) => {
      await ctx.db
        .update(users)
        .set({ alarmNotifyLevels: [...new Set(req.body.levels)], updatedAt: new Date() })
        .where(eq(users.id, callerOf(req).userId));
      return ok(null, 'saved');
    });
  };
