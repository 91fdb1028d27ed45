import { IdBodySchema, PageQuerySchema, pageResultSchema } from '@pvstar/contract/api';
import { report } from '@pvstar/contract/endpoints/report';
import { resolveLang } from '@pvstar/contract/lang';
import {
  ReportSubscriptionAddBodySchema,
  ReportSubscriptionEditBodySchema,
  ReportSubscriptionRowSchema,
  UnsubscribeParamsSchema,
} from '@pvstar/contract/report';
import { maskContact } from '@pvstar/contract/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { unsubscribeHtml } from './report-mail.ts';
import { createReportSubscriptionService } from './report-subscription.service.ts';

/** An HTML page of the unsubscribe link: never cached, never indexed. */
const sendPage = (reply: FastifyReply, html: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(html);

/** A gone link's page speaks the browser's language (the account is no longer known). */
const browserLang = (req: FastifyRequest) => resolveLang(req.headers['accept-language']?.split(',')[0]);

/**
 * Scheduled reports by mail (docs/reports.md): the caller's own subscriptions, and the mail's
 * unsubscribe link (public: its random token is the only key; GET asks, POST ends the subscription).
 */
export const reportSubscriptionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReportSubscriptionService(ctx);
    const title = ctx.config.APP_TITLE;
    // The page's button posts an empty form (and a mail client's one-click unsubscribe posts
    // `List-Unsubscribe=One-Click`): nothing in it is read. Only the routes of this plugin accept it.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, undefined),
    );

    serve(
      app,
      report.subscriptionPage,
      {
        description: 'The caller’s own scheduled reports by mail, oldest first.',
        querystring: PageQuerySchema,
        response: pageResultSchema(ReportSubscriptionRowSchema),
      },
      async (req) => ok(await service.page(callerOf(req), req.query)),
    );

    serve(
      app,
      report.subscriptionAdd,
      {
        description:
          'Subscribes the caller to the energy report of the previous month (sent on the 1st) and/or ISO week (sent on Monday) by mail, of their scope or of chosen plants in it (else 404 naming plantIds). The account needs an e-mail address (else 422 naming email); the same frequencies for the same plants as one of the caller’s subscriptions are refused with 409 naming plantIds.',
        body: ReportSubscriptionAddBodySchema,
        response: ReportSubscriptionRowSchema,
      },
      async (req) => ok(await service.add(callerOf(req), req.body)),
    );

    serve(
      app,
      report.subscriptionEdit,
      {
        description: 'Changes one of the caller’s subscriptions (the same rules as adding one).',
        body: ReportSubscriptionEditBodySchema,
        response: ReportSubscriptionRowSchema,
      },
      async (req) => ok(await service.edit(callerOf(req), req.body)),
    );

    serve(
      app,
      report.subscriptionDelete,
      { description: 'Ends one of the caller’s subscriptions.', body: IdBodySchema },
      async (req) => {
        await service.remove(callerOf(req), req.body.id);
        return ok(null);
      },
    );

    serve(
      app,
      report.unsubscribePage,
      {
        description:
          'The mail’s unsubscribe link (no sign-in): an HTML page in the subscriber’s language asking to confirm with a button; changes nothing (mail scanners open links).',
        params: UnsubscribeParamsSchema,
      },
      async (req, reply) => {
        const sub = await service.byToken(req.params.token);
        return sendPage(
          reply,
          sub
            ? unsubscribeHtml({
                lang: sub.lang,
                title,
                state: 'ask',
                // The address masked, as every answer shows it: anyone holding the link may open it.
                email: maskContact(sub.email),
                frequency: sub.frequency,
              })
            : unsubscribeHtml({ lang: browserLang(req), title, state: 'gone' }),
        );
      },
    );

    serve(
      app,
      report.unsubscribe,
      {
        description:
          'Ends the subscription of an unsubscribe link (the page’s button, or a mail client’s one-click unsubscribe) and answers an HTML page; again, it says the subscription is gone.',
        params: UnsubscribeParamsSchema,
      },
      async (req, reply) => {
        const sub = await service.byToken(req.params.token);
        const ended = sub ? await service.unsubscribe(req.params.token) : false;
        return sendPage(
          reply,
          unsubscribeHtml({ lang: sub?.lang ?? browserLang(req), title, state: ended ? 'done' : 'gone' }),
        );
      },
    );
  };
