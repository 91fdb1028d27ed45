import { PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { readingQuality } from '@pvstar/contract/endpoints/reading-quality';
import {
  SetAsideDecideBodySchema,
  SetAsideDecideResultSchema,
  SetAsidePageBodySchema,
  SetAsideReadingSchema,
  SetAsideRecomputeQuerySchema,
} from '@pvstar/contract/reading-quality';
import { TariffRecomputeSchema } from '@pvstar/contract/tariff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { createReadingQualityService } from './reading-quality.service.ts';

/** A device's set-aside readings (decision 031): the list, a manager's decision, the recomputation after it. */
export const readingQualityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReadingQualityService(ctx);

    serve(
      app,
      readingQuality.page,
      {
        querystring: PageQuerySchema,
        body: SetAsidePageBodySchema,
        response: pageResultSchema(SetAsideReadingSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query, req.body.deviceId)),
    );

    serve(
      app,
      readingQuality.decide,
      {
        description:
          'Accepts (ACCEPTED: the reading was real, its energy counts without the plausibility bound) or keeps out (REJECTED) set-aside readings of one device, named by their time stamps; audited. A time that is not one of the device’s set-aside readings answers 422 naming `readings.<i>`; accepting a BEFORE_PLANT reading 422 naming `decision` (correct the plant’s dates instead). The plant’s days from the earliest reading’s on are recomputed in the background (`recompute`).',
        body: SetAsideDecideBodySchema,
        response: SetAsideDecideResultSchema,
      },
      async (req) => ok(await service.decide(callerOf(req), req.body, req.ip), 'saved'),
    );

    serve(
      app,
      readingQuality.recompute,
      { querystring: SetAsideRecomputeQuerySchema, response: TariffRecomputeSchema },
      async (req) => ok(await service.recompute(callerOf(req), req.query.deviceId)),
    );
  };
