import { IdBodySchema, pageResultSchema } from '@pvstar/contract/api';
import {
  ChecklistSchema,
  InvitationAcceptBodySchema,
  InvitationAcceptResultSchema,
  InvitationAddBodySchema,
  InvitationAddResultSchema,
  InvitationInfoSchema,
  InvitationRowSchema,
  InvitationTokenBodySchema,
  MyConsentSchema,
  StationIdBodySchema,
  StationIdQuerySchema,
  TickBodySchema,
  UntickBodySchema,
} from '@pvstar/contract/commissioning';
import { commissioning, consent, invitation } from '@pvstar/contract/endpoints/commissioning';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { scopedPlant } from '../../domain/plants.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { checklistOf, createCommissioningService } from './commissioning.service.ts';
import { protocolData, renderProtocol } from './commissioning-protocol.ts';
import { createInvitationService } from './invitation.service.ts';

/**
 * A plant's commissioning checklist and PDF protocol, the owner's invitation (sent by the plant's
 * managers, accepted on a public page) and the owner's consent in the personal centre.
 */
export const commissioningRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCommissioningService(ctx);
    const invitations = createInvitationService(ctx);
    // The public routes: a token is 256 bits, but a page that answers "valid or not" is still limited.
    const limit = { rateLimit: { max: ctx.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } };

    serve(
      app,
      commissioning.checklist,
      { querystring: StationIdQuerySchema, response: ChecklistSchema },
      async (req) => ok(await service.checklist(callerOf(req), req.query.stationId)),
    );

    serve(app, commissioning.tick, { body: TickBodySchema, response: ChecklistSchema }, async (req) =>
      ok(await service.tick(callerOf(req), req.body, req.ip), 'commissioning.ticked'),
    );

    serve(app, commissioning.untick, { body: UntickBodySchema, response: ChecklistSchema }, async (req) =>
      ok(await service.untick(callerOf(req), req.body.stationId, req.body.item, req.ip)),
    );

    serve(
      app,
      commissioning.complete,
      { body: StationIdBodySchema, response: ChecklistSchema },
      async (req) =>
        ok(await service.complete(callerOf(req), req.body.stationId, req.ip), 'commissioning.done'),
    );

    serve(
      app,
      commissioning.protocol,
      {
        querystring: StationIdQuerySchema,
        description:
          'The commissioning protocol as a PDF in the caller’s language (`lang` header): plant, installer and ' +
          'owner, devices with serial numbers, firmware and grid codes, the checklist with who confirmed what ' +
          'and when. Marked as a draft until commissioning is completed.',
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const plant = await scopedPlant(ctx.db, caller, req.query.stationId);
        const list = await checklistOf(ctx.db, plant);
        const pdf = await renderProtocol(await protocolData(ctx.db, plant, list, caller.username), req.lang);
        return sendAttachment(reply, pdf, {
          filename: `commissioning-${plant.plantNo}.pdf`,
          type: 'application/pdf',
        });
      },
    );

    serve(
      app,
      invitation.add,
      { body: InvitationAddBodySchema, response: InvitationAddResultSchema },
      async (req) => ok(await invitations.add(callerOf(req), req.body, req.lang, req.ip), 'invitation.sent'),
    );

    serve(
      app,
      invitation.page,
      { body: StationIdBodySchema, response: pageResultSchema(InvitationRowSchema) },
      async (req) => ok(await invitations.page(callerOf(req), req.body.stationId)),
    );

    serve(app, invitation.revoke, { body: IdBodySchema }, async (req) => {
      await invitations.revoke(callerOf(req), req.body.id, req.ip);
      return ok(null, 'invitation.revoked');
    });

    const unavailable = { 404: z.object({ code: z.number(), msg: z.string(), data: z.null() }) };
    serve(
      app,
      invitation.info,
      {
        body: InvitationTokenBodySchema,
        response: InvitationInfoSchema,
        otherResponses: unavailable,
        config: limit,
      },
      async (req) => ok(await invitations.info(req.body.token)),
    );

    serve(
      app,
      invitation.accept,
      {
        body: InvitationAcceptBodySchema,
        response: InvitationAcceptResultSchema,
        otherResponses: unavailable,
        config: limit,
      },
      async (req) => ok(await invitations.accept(req.body, req.ip), 'invitation.accepted'),
    );

    serve(app, consent.mine, { response: z.array(MyConsentSchema) }, async (req) =>
      ok(await invitations.mine(callerOf(req))),
    );

    serve(app, consent.withdraw, { body: StationIdBodySchema }, async (req) => {
      await invitations.setConsent(callerOf(req), req.body.stationId, false, req.ip);
      return ok(null, 'consent.withdrawn');
    });

    serve(app, consent.grant, { body: StationIdBodySchema }, async (req) => {
      await invitations.setConsent(callerOf(req), req.body.stationId, true, req.ip);
      return ok(null, 'consent.granted');
    });
  };
