import { envelopeSchema } from '@pvstar/contract/api';
import { SendCodeBodySchema } from '@pvstar/contract/auth';
import { AreaQueryBodySchema, AreaSchema, CrcEntrySchema, UnitSchema } from '@pvstar/contract/dict';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { langAreas, regions, units, users } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { normalizeContact, sendCode } from '../auth/codes.ts';
import { resolveCaller } from '../auth/session.ts';

/** Health, public configuration, verification codes and the reference dictionaries. */
export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;

    app.get('/health', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
      ok({ status: 'up' }),
    );

    app.get(
      '/ready',
      { config: { access: { public: true } }, schema: { hide: true } },
      async (_req, reply) => {
        const database = await ctx.database.ping();
        const broker = ctx.brokerReady();
        const ready = database && broker;
        reply.code(ready ? 200 : 503);
        return {
          code: ready ? 200 : 503,
          msg: ready ? 'success' : 'serviceFail',
          data: { database, broker },
        };
      },
    );

    app.get(
      '/system/config',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['system'],
          operationId: 'publicConfig',
          response: {
            200: envelopeSchema(
              z.object({ appTitle: z.string(), demo: z.boolean(), mqttPort: z.number().int().optional() }),
            ),
          },
        },
      },
      async (req) => {
        const config = { appTitle: ctx.config.APP_TITLE, demo: ctx.config.demo };
        // The embedded broker's port, which may be a random one, only for the provider's administrators
        // (set-up scripts and browser tests connect dongles with it); everyone else gets the public part.
        const auth = req.headers.authorization;
        if (ctx.mqttPort && auth?.startsWith('Bearer ')) {
          const caller = await resolveCaller(db, auth.slice(7).trim());
          if (caller?.orgType === 'PROVIDER' && caller.dataScope === 'ALL')
            return ok({ ...config, mqttPort: ctx.mqttPort });
        }
        return ok(config);
      },
    );

    app.post(
      '/system/smsEmail/send',
      {
        config: {
          access: { public: true },
          rateLimit: { max: ctx.config.CODE_RATE_PER_MINUTE, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['system'],
          operationId: 'sendCode',
          body: SendCodeBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        const { contactType, contact, purpose } = req.body;
        // Same answer whether an account exists or not; only LOGIN and FORGET need one to deliver.
        let deliver = true;
        if (purpose === 'LOGIN' || purpose === 'FORGET') {
          const normal = normalizeContact(contactType, contact);
          const [user] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(contactType === 'EMAIL' ? users.email : users.phone, normal));
          deliver = !!user;
        }
        await sendCode(db, {
          contactType,
          contact,
          purpose,
          ip: req.ip,
          lang: req.lang,
          appTitle: ctx.config.APP_TITLE,
          deliver,
        });
        return ok(null, 'auth.codeSent');
      },
    );

    app.get(
      '/system/crc/selectAll',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['system'],
          operationId: 'listLangAreas',
          response: { 200: envelopeSchema(z.array(CrcEntrySchema)) },
        },
      },
      async () => ok(await db.select().from(langAreas).orderBy(asc(langAreas.countryRegionEn))),
    );

    app.post(
      '/system/area/getBysuperiorCode',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['system'],
          operationId: 'listAreas',
          body: AreaQueryBodySchema,
          response: { 200: envelopeSchema(z.array(AreaSchema)) },
        },
      },
      async (req) =>
        ok(
          await db
            .select({
              code: regions.code,
              superiorCode: regions.superiorCode,
              nameEn: regions.nameEn,
              nameLocal: regions.nameLocal,
            })
            .from(regions)
            .where(eq(regions.superiorCode, req.body.superiorCode.toUpperCase()))
            .orderBy(asc(regions.sort)),
        ),
    );

    app.get(
      '/system/unit/getAllUnit',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['system'],
          operationId: 'listUnits',
          response: { 200: envelopeSchema(z.array(UnitSchema)) },
        },
      },
      async () =>
        ok(
          await db
            .select({ code: units.code, symbol: units.symbol, quantity: units.quantity })
            .from(units)
            .orderBy(asc(units.sort)),
        ),
    );
  };
