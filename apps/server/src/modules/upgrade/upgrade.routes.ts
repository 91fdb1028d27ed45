import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { envelopeSchema, IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import {
  UpgradeCandidateBodySchema,
  UpgradeCandidateRowSchema,
  UpgradeDevicePageBodySchema,
  UpgradeDeviceRowSchema,
  UpgradeHistoryRowSchema,
  UpgradeRetryBodySchema,
  UpgradeTaskActionBodySchema,
  UpgradeTaskAddBodySchema,
  UpgradeTaskPageBodySchema,
  UpgradeTaskRowSchema,
} from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { firmwarePrograms, upgradeTaskDevices, upgradeTasks } from '../../db/schema/index.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { firmwarePath } from '../firmware/firmware.files.ts';
import { tokenHash } from './upgrade.dispatcher.ts';
import { createUpgradeService } from './upgrade.service.ts';

const LIST = { perm: [PERM.upgradeInverter, PERM.upgradeDetail] } as const;
const CONTROL = { perm: PERM.upgradeTaskControl, write: true } as const;

/** Upgrade tasks (`/upgrade/inverter`, add-upgrade 2009001001, upgrade-detail 2009001002) and the download link. */
export const upgradeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createUpgradeService(ctx);
    const tags = ['upgrade'];

    app.post(
      '/iot/upgrade/candidates',
      {
        config: { access: { perm: PERM.upgradeAdd } },
        schema: {
          tags,
          operationId: 'upgradeCandidates',
          description:
            'Devices in the caller’s scope the program may go to: its kind, its manufacturer, its serial-number list.',
          querystring: PageQuerySchema,
          body: UpgradeCandidateBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(UpgradeCandidateRowSchema)) },
        },
      },
      async (req) => ok(await service.candidates(callerOf(req), req.query, req.body)),
    );

    app.post(
      '/iot/upgrade/task/add',
      {
        config: { access: { perm: PERM.upgradeAdd, write: true } },
        schema: {
          tags,
          operationId: 'upgradeTaskAdd',
          description:
            'Creates a task for an enabled program. A device outside the caller’s scope answers 404; one in scope the program does not fit, 422.',
          body: UpgradeTaskAddBodySchema,
          response: { 200: envelopeSchema(z.object({ id: z.number() })) },
        },
      },
      async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'upgrade.created'),
    );

    app.post(
      '/iot/upgrade/task/page',
      {
        config: { access: LIST },
        schema: {
          tags,
          operationId: 'upgradeTaskPage',
          querystring: PageQuerySchema,
          body: UpgradeTaskPageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(UpgradeTaskRowSchema)) },
        },
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body, req.lang)),
    );

    app.post(
      '/iot/upgrade/task/detail',
      {
        config: { access: LIST },
        schema: {
          tags,
          operationId: 'upgradeTaskDetail',
          body: IdBodySchema,
          response: { 200: envelopeSchema(UpgradeTaskRowSchema) },
        },
      },
      async (req) => ok(await service.detail(callerOf(req), req.body.id, req.lang)),
    );

    app.post(
      '/iot/upgrade/task/devices',
      {
        config: { access: LIST },
        schema: {
          tags,
          operationId: 'upgradeTaskDevices',
          querystring: PageQuerySchema,
          body: UpgradeDevicePageBodySchema,
          response: { 200: envelopeSchema(pageResultSchema(UpgradeDeviceRowSchema)) },
        },
      },
      async (req) => ok(await service.devices(callerOf(req), req.query, req.body, req.lang)),
    );

    app.post(
      '/iot/upgrade/task/history',
      {
        config: { access: LIST },
        schema: {
          tags,
          operationId: 'upgradeTaskHistory',
          description: 'What happened to one device of a task (`id` of its row), oldest first.',
          body: IdBodySchema,
          response: { 200: envelopeSchema(z.array(UpgradeHistoryRowSchema)) },
        },
      },
      async (req) => ok(await service.history(callerOf(req), req.body.id, req.lang)),
    );

    for (const action of ['pause', 'resume', 'cancel'] as const)
      app.post(
        `/iot/upgrade/task/${action}`,
        {
          config: { access: CONTROL },
          schema: {
            tags,
            operationId: `upgradeTask${action[0]!.toUpperCase()}${action.slice(1)}`,
            body: UpgradeTaskActionBodySchema,
            response: { 200: envelopeSchema(z.null()) },
          },
        },
        async (req) => {
          await service[action](callerOf(req), req.body.id, req.lang, req.ip);
          return ok(null, 'saved');
        },
      );

    app.post(
      '/iot/upgrade/task/retry',
      {
        config: { access: CONTROL },
        schema: {
          tags,
          operationId: 'upgradeTaskRetry',
          description: 'Queues the failed and timed-out devices again (all, or those listed).',
          body: UpgradeRetryBodySchema,
          response: { 200: envelopeSchema(z.object({ count: z.number() })) },
        },
      },
      async (req) => {
        const result = await service.retry(callerOf(req), req.body, req.lang, req.ip);
        return ok(result, 'saved');
      },
    );

    app.get(
      '/iot/firmware/download',
      {
        // The dongle has no session: the short-lived, single-use token in the link is the credential.
        config: { access: { public: true } },
        schema: {
          tags,
          operationId: 'firmwareDownload',
          description:
            'The image of a firmware.upgrade command, for the dongle it was sent to: its token works once, within an hour and while that device’s upgrade runs (410 once used or expired, 403 for a token never issued).',
          querystring: z.object({ token: z.string().min(20).max(100).optional() }),
        },
      },
      async (req, reply) => {
        const token = req.query.token;
        if (!token) throw new AppError(403, 'auth.forbidden');
        const hash = tokenHash(token);
        // Used up in the same statement that finds it: two downloads racing with one link get one image.
        const [used] = await ctx.db
          .update(upgradeTaskDevices)
          .set({ tokenUsedAt: new Date() })
          .where(
            and(
              eq(upgradeTaskDevices.tokenHash, hash),
              isNull(upgradeTaskDevices.tokenUsedAt),
              gt(upgradeTaskDevices.tokenExpiresAt, new Date()),
              inArray(upgradeTaskDevices.status, ['SENT', 'DOWNLOADING']),
            ),
          )
          .returning({ taskId: upgradeTaskDevices.taskId });
        if (!used) {
          const [known] = await ctx.db
            .select({ id: upgradeTaskDevices.id })
            .from(upgradeTaskDevices)
            .where(eq(upgradeTaskDevices.tokenHash, hash));
          // A link used once or past its time is gone; one we never issued is refused.
          throw known ? new AppError(410, 'firmware.linkGone') : new AppError(403, 'auth.forbidden');
        }
        const [row] = await ctx.db
          .select({ fileId: firmwarePrograms.fileId, version: firmwarePrograms.version })
          .from(upgradeTasks)
          .innerJoin(firmwarePrograms, eq(firmwarePrograms.id, upgradeTasks.programId))
          .where(eq(upgradeTasks.id, used.taskId));
        if (!row) throw new AppError(404, 'notFound');
        const file = firmwarePath(ctx.config, row.fileId);
        const info = await stat(file).catch(() => null);
        if (!info) throw new AppError(404, 'notFound');
        reply.header('Content-Length', String(info.size));
        return sendAttachment(reply, createReadStream(file), {
          filename: `firmware-${row.version}.bin`,
          type: 'application/octet-stream',
        });
      },
    );
  };
