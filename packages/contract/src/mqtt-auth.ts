import { z } from 'zod';

/**
 * POST /mqtt/auth and /mqtt/acl: what EMQX's HTTP authentication and authorisation send (the request bodies
 * are configured in EMQX with its placeholders, docs/operations.md) and what they read back. Not the
 * envelope: EMQX reads `result` at the top level (allow | deny; any other status or body is "ignore").
 */
const field = (max: number) => z.string().max(max, { message: 'validation.invalid' });

export const MqttAuthBodySchema = z.object({
  clientid: field(256),
  username: field(256),
  password: field(512),
});
export type MqttAuthBody = z.infer<typeof MqttAuthBodySchema>;

export const MqttAclBodySchema = z.object({
  clientid: field(256),
  username: field(256),
  /** A topic name (publish) or filter (subscribe); MQTT's limit is 65,535 bytes. */
  topic: field(65_535),
  action: z.enum(['publish', 'subscribe']),
  /** EMQX renders `${retain}` as text in a JSON template; a boolean is read too. Absent: not retained. */
  retain: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type MqttAclBody = z.infer<typeof MqttAclBodySchema>;

export const MqttDecisionSchema = z.object({
  result: z.enum(['allow', 'deny']),
  /** Never a superuser: the ACL applies to the cloud's service account too. */
  is_superuser: z.literal(false),
});
export type MqttDecision = z.infer<typeof MqttDecisionSchema>;

/** The header EMQX sends the shared secret (MQTT_HTTP_AUTH_SECRET) in. */
export const MQTT_AUTH_SECRET_HEADER = 'x-pvstar-mqtt-secret';
