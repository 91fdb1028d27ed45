import { envelopeSchema } from '@pvstar/contract/api';
import { DashboardSchema } from '@pvstar/contract/dashboard';
import { PERM } from '@pvstar/contract/perm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { createDashboardService } from './dashboard.service.ts';

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDashboardService(ctx);

    app.get(
      '/station/dashboard',
      {
        // Plant figures need the plant area's code: without it the answer is 403 and the web shows only
        // the greeting and the areas (the /dashboard page itself is open to every signed-in user).
        config: { access: { perm: PERM.station } },
        schema: {
          tags: ['dashboard'],
          operationId: 'dashboard',
          response: { 200: envelopeSchema(DashboardSchema) },
        },
      },
      async (req) => ok(await service.get(callerOf(req), req.lang)),
    );
  };
