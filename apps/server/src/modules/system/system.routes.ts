import { envelopeSchema } from '@pvstar/contract/api';
import { SendCodeBodySchema } from '@pvstar/contract/auth';
import { AreaQueryBodySchema, AreaSchema, CrcEntrySchema, UnitSchema } from '@pvstar/contract/dict';
import { system } from '@pvstar/contract/endpoints/system';
import { HealthSchema, PublicConfigSchema, ReadinessSchema } from '@pvstar/contract/system';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { langAreas, regions, units, users } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { normalizeContact, sendCode } from '../auth/codes.ts';
import { resolveCaller } from '../auth/session.ts';

/** Health, public configuration, verification codes and the reference dictionaries. */
export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;

    serve(app, system.health, { response: HealthSchema }, async () => ok({ status: 'up' }));

    serve(
      app,
      system.ready,
      { response: ReadinessSchema, otherResponses: { 503: envelopeSchema(ReadinessSchema) } },
      async (_req, reply) => {
        const database = await ctx.database.ping();
        const broker = ctx.brokerReady();
        const ready = database && broker;
        reply.code(ready ? 200 : 503);
        return {
          code: ready ? 200 : 503,
          msg: ready ? 'success' : 'serviceFail',
          data: {
            database,
            broker,
            ...(ctx.demoHistoryReady ? { demoHistory: ctx.demoHistoryReady() } : {}),
          },
        };
      },
    );

    serve(app, system.publicConfig, { response: PublicConfigSchema }, async (req) => {
      const config = {
        appTitle: ctx.config.APP_TITLE,
        demo: ctx.config.demo,
        mapTileUrl: ctx.config.MAP_TILE_URL === 'none' ? null : ctx.config.MAP_TILE_URL,
        mapTileAttribution: ctx.config.MAP_TILE_ATTRIBUTION,
      };
      // The embedded broker's port, which may be a random one, only for the provider's administrators
      // (set-up scripts and browser tests connect dongles with it); everyone else gets the public part.
      const auth = req.headers.authorization;
      if (ctx.mqttPort && auth?.startsWith('Bearer ')) {
        const caller = await resolveCaller(db, auth.slice(7).trim());
        if (caller?.orgType === 'PROVIDER' && caller.dataScope === 'ALL')
          return ok({ ...config, mqttPort: ctx.mqttPort });
      }
      return ok(config);
    });

    serve(
      app,
      system.sendCode,
      {
        body: SendCodeBodySchema,
        config: { rateLimit: { max: ctx.config.CODE_RATE_PER_MINUTE, timeWindow: '1 minute' } },
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

    serve(app, system.listLangAreas, { response: z.array(CrcEntrySchema) }, async () =>
      ok(await db.select().from(langAreas).orderBy(asc(langAreas.countryRegionEn))),
    );

    serve(app, system.listAreas, { body: AreaQueryBodySchema, response: z.array(AreaSchema) }, async (req) =>
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

    serve(app, system.listUnits, { response: z.array(UnitSchema) }, async () =>
      ok(
        await db
          .select({ code: units.code, symbol: units.symbol, quantity: units.quantity })
          .from(units)
          .orderBy(asc(units.sort)),
      ),
    );
  };
