import { SERIAL } from '@pvstar/contract/mqtt';
import type { MqttAclBody, MqttAuthBody, MqttDecision } from '@pvstar/contract/mqtt-auth';
import type { AppContext } from '../../context.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { type MqttIdentity, mayPublish, maySubscribe } from '../../lib/mqtt-acl.ts';
import { verifyDongleSecret } from '../device/dongle-credentials.ts';

const allow: MqttDecision = { result: 'allow', is_superuser: false };
const deny: MqttDecision = { result: 'deny', is_superuser: false };

/** Compares hashes, so neither the content nor the length of a secret shows in the time taken. */
export const sameSecret = (given: string, expected: string) => safeEqual(sha256(given), sha256(expected));

/**
 * EMQX's HTTP authentication and authorisation, decided as the embedded broker decides: the service account,
 * or a dongle whose client id and user name are its serial number with its own secret; then mqtt-acl.ts.
 */
export function createMqttAuthService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { config } = ctx;
  const servicePassword = config.MQTT_SERVICE_PASSWORD;

  /** Who EMQX says is connected (authenticated already by `authenticate`), or null for anyone else. */
  const identityOf = (b: { username: string; clientid: string }): MqttIdentity | null => {
    if (b.username === config.MQTT_SERVICE_USER) return servicePassword ? { kind: 'service' } : null;
    return SERIAL.test(b.username) && b.clientid === b.username ? { kind: 'dongle', sn: b.username } : null;
  };

  return {
    async authenticate(b: MqttAuthBody): Promise<MqttDecision> {
      if (b.username === config.MQTT_SERVICE_USER)
        return servicePassword && sameSecret(b.password, servicePassword) ? allow : deny;
      // An unknown serial number and a wrong secret get the same answer (no enumeration of dongles).
      if (b.clientid !== b.username) return deny;
      return (await verifyDongleSecret(ctx.db, b.username, b.password)) ? allow : deny;
    },

    authorize(b: MqttAclBody): MqttDecision {
      const who = identityOf(b);
      if (!who) return deny;
      const retain = b.retain === true || b.retain === 'true';
      const ok = b.action === 'publish' ? mayPublish(who, b.topic, retain) : maySubscribe(who, b.topic);
      return ok ? allow : deny;
    },
  };
}
