import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
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
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { firmwarePrograms, upgradeTaskDevices, upgradeTasks } from '../../db/schema/index.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { serve, type ZodApp } from '../../http/serve.ts';
import { firmwarePath } from '../firmware/firmware.files.ts';
import { tokenHash } from './upgrade.dispatcher.ts';
import { createUpgradeService, type UpgradeService } from './upgrade.service.ts';

/** Upgrade tasks (`/upgrade/inverter`, add-upgrade 2009001001, upgrade-detail 2009001002) and the download link. */
export const upgradeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createUpgradeService(ctx);
    taskRoutes(app, service);
    controlRoutes(app, service);
    downloadRoutes(app, ctx);
  };

/** The candidates of a program, adding a task, and what tasks and their devices show. */
function taskRoutes(app: ZodApp, service: UpgradeService) {
  serve(
    app,
    upgrade.candidates,
    {
      description:
        'Devices in the caller’s scope the program may go to: its kind, its manufacturer, its serial-number list.',
      querystring: PageQuerySchema,
      body: UpgradeCandidateBodySchema,
      response: pageResultSchema(UpgradeCandidateRowSchema),
    },
    async (req) => ok(await service.candidates(callerOf(req), req.query, req.body)),
  );

  serve(
    app,
    upgrade.taskAdd,
    {
      description:
        'Creates a task for an enabled program with a signed manifest. A device outside the caller’s scope answers 404; one in scope the program does not fit (kind, manufacturer, the manifest’s models, the serial list), 422; one reporting a newer version than the program’s, 422 naming `targetIds` unless a provider marked the program as a rollback (the task then keeps the mark, and its commands say `rollback: true`).',
      body: UpgradeTaskAddBodySchema,
      response: z.object({ id: z.number() }),
    },
    async (req) => ok(await service.add(callerOf(req), req.body, req.ip), 'upgrade.created'),
  );

  serve(
    app,
    upgrade.taskPage,
    {
      querystring: PageQuerySchema,
      body: UpgradeTaskPageBodySchema,
      response: pageResultSchema(UpgradeTaskRowSchema),
    },
    async (req) => ok(await service.page(callerOf(req), req.query, req.body, req.lang)),
  );

  serve(app, upgrade.taskDetail, { body: IdBodySchema, response: UpgradeTaskRowSchema }, async (req) =>
    ok(await service.detail(callerOf(req), req.body.id, req.lang)),
  );

  serve(
    app,
    upgrade.taskDevices,
    {
      querystring: PageQuerySchema,
      body: UpgradeDevicePageBodySchema,
      response: pageResultSchema(UpgradeDeviceRowSchema),
    },
    async (req) => ok(await service.devices(callerOf(req), req.query, req.body, req.lang)),
  );

  serve(
    app,
    upgrade.taskHistory,
    {
      description: 'What happened to one device of a task (`id` of its row), oldest first.',
      body: IdBodySchema,
      response: z.array(UpgradeHistoryRowSchema),
    },
    async (req) => ok(await service.history(callerOf(req), req.body.id, req.lang)),
  );
}

/** Pausing, resuming, cancelling and retrying a task. */
function controlRoutes(app: ZodApp, service: UpgradeService) {
  const controls = { pause: upgrade.taskPause, resume: upgrade.taskResume, cancel: upgrade.taskCancel };
  for (const action of ['pause', 'resume', 'cancel'] as const)
    serve(app, controls[action], { body: UpgradeTaskActionBodySchema }, async (req) => {
      await service[action](callerOf(req), req.body.id, req.lang, req.ip);
      return ok(null, 'saved');
    });

  serve(
    app,
    upgrade.taskRetry,
    {
      description: 'Queues the failed and timed-out devices again (all, or those listed).',
      body: UpgradeRetryBodySchema,
      response: z.object({ count: z.number() }),
    },
    async (req) => {
      const result = await service.retry(callerOf(req), req.body, req.lang, req.ip);
      return ok(result, 'saved');
    },
  );
}

/** The dongle's one-time download link of the image. */
function downloadRoutes(app: ZodApp, ctx: AppContext) {
  serve(
    app,
    upgrade.firmwareDownload,
    {
      description:
        'The image of a firmware.upgrade command, for the dongle it was sent to: its token works once, within an hour and while that device’s upgrade runs (410 once used or expired, 403 for a token never issued).',
      querystring: z.object({ token: z.string().min(20).max(100).optional() }),
      alsoAnswers: [403, 410],
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
}
