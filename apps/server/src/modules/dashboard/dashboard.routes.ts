import { DashboardSchema } from '@pvstar/contract/dashboard';
import { dashboard } from '@pvstar/contract/endpoints/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createDashboardService } from './dashboard.service.ts';

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDashboardService(ctx);

    serve(app, dashboard.figures, { response: DashboardSchema }, async (req) =>
      ok(await service.get(callerOf(req), req.lang)),
    );
  };
