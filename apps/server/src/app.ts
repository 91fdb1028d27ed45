import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { tileSource } from './config.ts';
import type { AppContext } from './context.ts';
import { finishOpenApi } from './http/openapi-document.ts';
import { answerFrameworkError, installPipeline } from './http/pipeline.ts';
import { requestForLog } from './http/request-log.ts';
import { alarmRoutes } from './modules/alarm/alarm.routes.ts';
import { isApiToken, resolveTokenCaller } from './modules/api-token/api-token.caller.ts';
import { apiTokenRoutes } from './modules/api-token/api-token.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { resolveCaller } from './modules/auth/session.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { basicDeviceRoutes } from './modules/basic-device/basic-device.routes.ts';
import { commissioningRoutes } from './modules/commissioning/commissioning.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { deviceRoutes } from './modules/device/device.routes.ts';
import { faultCodeRoutes } from './modules/fault-code/fault-code.routes.ts';
import { fileRoutes } from './modules/file/file.routes.ts';
import { firmwareRoutes } from './modules/firmware/firmware.routes.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { mqttAuthRoutes } from './modules/mqtt-auth/mqtt-auth.routes.ts';
import { orgRoutes } from './modules/org/org.routes.ts';
import { ownerRoutes } from './modules/owner/owner.routes.ts';
import { performanceRoutes } from './modules/performance/performance.routes.ts';
import { plantRoutes } from './modules/plant/plant.routes.ts';
import { plantDataRoutes } from './modules/plant/plant-data.routes.ts';
import { plantShareRoutes } from './modules/plant-share/plant-share.routes.ts';
import { readingQualityRoutes } from './modules/reading-quality/reading-quality.routes.ts';
import { remoteRoutes } from './modules/remote/remote.routes.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { reportSubscriptionRoutes } from './modules/report/report-subscription.routes.ts';
import { roleRoutes } from './modules/role/role.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tariffRoutes } from './modules/tariff/tariff.routes.ts';
import { upgradeRoutes } from './modules/upgrade/upgrade.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { webhookRoutes } from './modules/webhook/webhook.routes.ts';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The Fastify instance with zod schemas, request ids, our pipeline (language, auth, envelope, errors). */
function createServer(ctx: AppContext) {
  const app = Fastify({
    // Fastify lets the instance's own serializers win over its defaults: ours keeps secrets out of request lines.
    loggerInstance: ctx.log.child({}, { serializers: { req: requestForLog } }) as FastifyBaseLogger,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // A caller's (or proxy's) request id is kept when it is a plain token, so one id follows a request
    // through proxy, server and logs; anything else (log injection, megabytes) gets a fresh one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A bearer credential is an API token (`pvst_…`) or a session token; each module resolves its own.
  installPipeline(app, {
    resolveCaller: (token, meta) =>
      isApiToken(token) ? resolveTokenCaller(ctx.db, token, meta) : resolveCaller(ctx.db, token),
  });
  return app;
}
type App = ReturnType<typeof createServer>;

/** Security headers (a strict CSP but for the map tiles) and the rate limiter routes opt into. */
async function registerSecurity(app: App, config: AppContext['config']) {
  const tileHost = tileSource(config.MAP_TILE_URL);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS); scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The maps' tiles (MAP_TILE_URL, OpenStreetMap's by default).
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileHost ? [tileHost] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense behind TLS; the proxy in front sets it (docs/operations.md).
    hsts: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, code: 429, message: 'rate limit' }),
  });
}

/** The OpenAPI document and its page at /docs. */
async function registerApiDocs(app: App, config: AppContext['config']) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.APP_TITLE} API`,
        version: '1.0.0',
        description: [
          'Monitoring and administration of PV plants, storage and balcony PV.',
          'Every JSON answer is the envelope `{ code, msg, data }`: `code` equals the HTTP status, `msg` is in the language of the `lang` header, `data` is the result (errors: null or details such as `data.fields`).',
          'The guide for integrators (authentication, API tokens, limits, errors, pagination, languages, webhooks, versioning) is docs/api.md; changes are listed in docs/api-changelog.md.',
        ].join('\n\n'),
        contact: { name: `${config.APP_TITLE} support`, url: config.PUBLIC_URL ?? '/' },
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.PUBLIC_URL ?? '/', description: 'This installation' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: [
              'A session token from `POST /auth/user/login`, or an API token (`pvst_…`).',
              'API tokens are made in the personal centre (API tokens tab, or `POST /system/apiToken/add` from a signed-in session) and shown once; send them as `Authorization: Bearer pvst_…`.',
              'A token acts as its user with at most the user’s current permissions and data scope, and only on plant data: each operation says which tokens may call it (“API tokens: read-only and read-write”, “read-write only”, or “none”, which answers 403 to every token). A token limited to some plants sees only those (other plants answer 404; lists spanning organisations and the fleet report answer 403).',
              'A token can never manage tokens, users, roles, menus, webhooks, share links, report subscriptions or passwords, change contacts or the second factor, delete plants, replace devices, reissue dongle secrets, invite owners, manage firmware or upgrades or write remote parameters.',
              `Limits per token: by default ${config.API_TOKEN_DAILY_LIMIT.toLocaleString('en-GB')} requests a day (UTC) and ${config.API_TOKEN_PER_SECOND_LIMIT} a second (settable per token up to ${config.API_TOKEN_MAX_DAILY_LIMIT.toLocaleString('en-GB')} and ${config.API_TOKEN_MAX_PER_SECOND_LIMIT}). Every answer carries RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy; beyond a limit the answer is 429 with Retry-After (seconds).`,
              'Revoked or expired tokens, and tokens of a frozen or deleted user, answer 401.',
            ].join(' '),
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: finishOpenApi,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

/** The built web app (WEB_DIST) at /, or a hint to build it. */
async function registerWebApp(app: App, config: AppContext['config']) {
  const web = config.WEB_DIST;
  if (fs.existsSync(path.join(web, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      preCompressed: true,
      wildcard: true,
      index: false,
      // Hashed bundles never change; the page that names them must always be fresh.
      cacheControl: false,
      setHeaders: (reply, file) =>
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
    // The directory index does not look for pre-compressed files; the app's page is served explicitly.
    app.get('/', { config: { access: { public: true } }, schema: { hide: true } }, (_req, reply) =>
      reply.sendFile('index.html'),
    );
  } else {
    app.get('/', { config: { access: { public: true } }, schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/plain')
        .send('The web app is not built: run `npm run build` (npm start does it for you).'),
    );
  }
}

/** Start-up order: external plugins → our pipeline (language, auth, envelope, errors) → routes. */
export async function buildApp(ctx: AppContext) {
  const app = createServer(ctx);
  await registerSecurity(app, ctx.config);
  await registerApiDocs(app, ctx.config);
  await registerWebApp(app, ctx.config);

  await app.register(systemRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(twoFactorRoutes(ctx));
  await app.register(apiTokenRoutes(ctx));
  await app.register(orgRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(auditRoutes(ctx));
  await app.register(roleRoutes(ctx));
  await app.register(menuRoutes(ctx));
  await app.register(deviceRoutes(ctx));
  await app.register(readingQualityRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(ownerRoutes(ctx));
  await app.register(plantDataRoutes(ctx));
  await app.register(performanceRoutes(ctx));
  await app.register(plantRoutes(ctx));
  await app.register(plantShareRoutes(ctx));
  await app.register(tariffRoutes(ctx));
  await app.register(commissioningRoutes(ctx));
  await app.register(fileRoutes(ctx));
  await app.register(basicDeviceRoutes(ctx));
  await app.register(faultCodeRoutes(ctx));
  await app.register(alarmRoutes(ctx));
  await app.register(firmwareRoutes(ctx));
  await app.register(remoteRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(reportSubscriptionRoutes(ctx));
  await app.register(upgradeRoutes(ctx));
  await app.register(mqttAuthRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  return app;
}
