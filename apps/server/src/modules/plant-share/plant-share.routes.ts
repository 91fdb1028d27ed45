import fs from 'node:fs/promises';
import path from 'node:path';
import { envelopeSchema, pageResultSchema } from '@pvstar/contract/api';
import { plantShare, publicPlant } from '@pvstar/contract/endpoints/plant-share';
import { LANGS, type Lang, resolveLang } from '@pvstar/contract/lang';
import {
  PUBLIC_PLANT_MAX_AGE,
  type PublicPlant,
  PublicPlantParamsSchema,
  PublicPlantQuerySchema,
  PublicPlantSchema,
  ShareAddBodySchema,
  ShareAddResultSchema,
  SharePageBodySchema,
  ShareRevokeBodySchema,
  ShareRowSchema,
} from '@pvstar/contract/plant-share';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { createPlantShareService } from './plant-share.service.ts';
import { createPublicPlantService } from './public-plant.service.ts';

/**
 * The visitor's language: `?lang=`, else the `lang` header (our web client's), else the first of
 * Accept-Language we speak, else the default.
 */
export function visitorLang(req: FastifyRequest, query?: string): Lang {
  if (query) return resolveLang(query);
  if (typeof req.headers.lang === 'string') return req.lang;
  const accepted = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((a) => a.tag && a.tag !== '*' && a.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of accepted) {
    const prefix = tag.toLowerCase().split('-')[0];
    const lang = LANGS.find((l) => l.toLowerCase() === tag.toLowerCase() || l.startsWith(`${prefix}-`));
    if (lang) return lang;
  }
  return req.lang;
}

/**
 * Whether the caller wants the page: a browser's navigation names text/html in Accept; any other client
 * (`Accept: application/json`, curl's any-type, none) gets the JSON.
 */
const wantsPage = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

const NOT_BUILT = `<!doctype html><html><head><meta charset="utf-8"><title>PVSTAR</title></head>
<body><p>The web app is not built: run <code>npm run build</code>.</p></body></html>`;

/**
 * A plant's share links (information tab) and the public plant page they open (the kiosk): the page's
 * HTML is the web app's own `index.html` (the app shows its kiosk view at this path, without any session),
 * its figures come as JSON from `…/data` or from the page's path with `Accept: application/json`.
 */
export const plantShareRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const shares = createPlantShareService(ctx);
    const pages = createPublicPlantService(ctx);
    const limit = {
      rateLimit: { max: ctx.config.PUBLIC_PAGE_RATE_PER_MINUTE, timeWindow: '1 minute' },
    };
    const unavailable = { 404: envelopeSchema(z.null()) };
    let indexHtml: Promise<string> | undefined;
    const appPage = () =>
      (indexHtml ??= fs
        .readFile(path.join(ctx.config.WEB_DIST, 'index.html'), 'utf8')
        .catch(() => NOT_BUILT));

    serve(app, plantShare.add, { body: ShareAddBodySchema, response: ShareAddResultSchema }, async (req) =>
      ok(await shares.add(callerOf(req), req.body, req.ip), 'plantShare.made'),
    );

    serve(app, plantShare.revoke, { body: ShareRevokeBodySchema }, async (req) => {
      await shares.revoke(callerOf(req), req.body.id, req.ip);
      return ok(null, 'plantShare.revoked');
    });

    serve(
      app,
      plantShare.page,
      { body: SharePageBodySchema, response: pageResultSchema(ShareRowSchema) },
      async (req) => ok(await shares.page(callerOf(req), req.body.stationId)),
    );

    /**
     * The figures with their caching headers: public for PUBLIC_PLANT_MAX_AGE seconds, an ETag of the
     * answer (the figures change once a minute), 304 when the caller has it already.
     */
    function sendFigures(req: FastifyRequest, reply: FastifyReply, figures: PublicPlant, lang: Lang) {
      const body = ok(figures);
      const etag = `"${sha256(`${lang}\n${JSON.stringify(figures)}`).slice(0, 32)}"`;
      reply
        .header('Cache-Control', `public, max-age=${PUBLIC_PLANT_MAX_AGE}`)
        .header('ETag', etag)
        .header('Vary', 'Accept, Accept-Language, lang')
        .header('Content-Language', lang);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.code(200).send(body);
    }

    serve(
      app,
      publicPlant.data,
      {
        params: PublicPlantParamsSchema,
        querystring: PublicPlantQuerySchema,
        response: PublicPlantSchema,
        otherResponses: unavailable,
        alsoAnswers: [304],
        config: limit,
        description:
          'The public plant page’s figures, for anyone holding a live share link: no owner, organisation, ' +
          'address, coordinates, serial numbers or ids. Cache-Control public, max-age=60, with an ETag; ' +
          'an unknown, revoked or expired token answers 404 alike; rate-limited per address.',
      },
      async (req, reply) => {
        const lang = visitorLang(req, req.query.lang);
        req.lang = lang;
        return sendFigures(req, reply, await pages.get(req.params.token, lang), lang);
      },
    );

    serve(
      app,
      publicPlant.page,
      {
        params: PublicPlantParamsSchema,
        otherResponses: unavailable,
        config: limit,
        description:
          'The public plant page (kiosk): the web app’s page when Accept names text/html (a browser), else the ' +
          'figures of `…/data` (JSON). 404 alike for an unknown, revoked or expired token.',
      },
      async (req, reply) => {
        const lang = visitorLang(req);
        req.lang = lang;
        if (!wantsPage(req)) return sendFigures(req, reply, await pages.get(req.params.token, lang), lang);
        let live = true;
        try {
          await pages.plantOfToken(req.params.token);
        } catch (err) {
          if (!(err instanceof AppError) || err.status !== 404) throw err;
          live = false;
        }
        // The same page either way: the app asks for the figures and shows its "not available" view on 404.
        return reply
          .code(live ? 200 : 404)
          .header('Cache-Control', live ? `public, max-age=${PUBLIC_PLANT_MAX_AGE}` : 'no-store')
          .header('Vary', 'Accept')
          .type('text/html; charset=utf-8')
          .send(await appPage());
      },
    );
  };
