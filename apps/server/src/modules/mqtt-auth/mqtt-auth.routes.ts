import { mqttAuth } from '@pvstar/contract/endpoints/mqtt-auth';
import {
  MQTT_AUTH_SECRET_HEADER,
  MqttAclBodySchema,
  MqttAuthBodySchema,
  MqttDecisionSchema,
} from '@pvstar/contract/mqtt-auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { createMqttAuthService, sameSecret } from './mqtt-auth.service.ts';

/**
 * The endpoints EMQX's HTTP authentication and authorisation call (docs/operations.md). Public to our
 * sessions, closed to everyone but the broker: without MQTT_HTTP_AUTH_SECRET they do not exist (404), and
 * every call must carry that secret in `x-pvstar-mqtt-secret` (401 otherwise).
 */
export const mqttAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMqttAuthService(ctx);
    const config = {
      rateLimit: { max: ctx.config.MQTT_HTTP_AUTH_RATE_PER_MINUTE, timeWindow: '1 minute' },
    };
    /** The request is the broker's: the feature is on and the shared secret matches. */
    const fromBroker = (req: FastifyRequest) => {
      const expected = ctx.config.MQTT_HTTP_AUTH_SECRET;
      if (!expected) throw notFound();
      const given = req.headers[MQTT_AUTH_SECRET_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, expected))
        throw new AppError(401, 'auth.unauthorized');
    };

    serve(
      app,
      mqttAuth.authenticate,
      {
        config,
        description: 'EMQX HTTP authentication: may this client sign in? Header x-pvstar-mqtt-secret.',
        body: MqttAuthBodySchema,
        response: MqttDecisionSchema,
      },
      async (req) => {
        fromBroker(req);
        return service.authenticate(req.body);
      },
    );

    serve(
      app,
      mqttAuth.authorize,
      {
        config,
        description:
          'EMQX HTTP authorisation: may this client publish or subscribe here? Header x-pvstar-mqtt-secret.',
        body: MqttAclBodySchema,
        response: MqttDecisionSchema,
      },
      async (req) => {
        fromBroker(req);
        return service.authorize(req.body);
      },
    );
  };
