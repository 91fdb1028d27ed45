import { endpoints, type In, plain } from '../endpoint.ts';
import type { MqttAclBodySchema, MqttAuthBodySchema, MqttDecision } from '../mqtt-auth.ts';

/**
 * The broker's HTTP authentication and authorisation hooks. Public to our sessions (the route checks the
 * broker's shared secret), and plain: the plugin reads `result` at the top level, not in an envelope.
 */
export const mqttAuth = endpoints('mqtt', {
  authenticate: plain<{ body: In<typeof MqttAuthBodySchema> }, MqttDecision>(
    'POST',
    '/mqtt/auth',
    {
      public: true,
    },
    'Authenticate an MQTT client (broker hook)',
  ),
  authorize: plain<{ body: In<typeof MqttAclBodySchema> }, MqttDecision>(
    'POST',
    '/mqtt/acl',
    {
      public: true,
    },
    'Authorise an MQTT topic (broker hook)',
  ),
});
