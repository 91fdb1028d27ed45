import { parseTopic } from '@pvstar/contract/mqtt';

/** Who is on the other end of an MQTT connection. */
export type MqttIdentity = { kind: 'service' } | { kind: 'dongle'; sn: string };

/**
 * The topic ACL: a dongle publishes only under its own `up/` (retaining nothing but its status) and
 * subscribes only to its own `down/`. The cloud's service account may do anything but retain a command.
 */
export function mayPublish(who: MqttIdentity, topic: string, retain: boolean): boolean {
  if (who.kind === 'service') return !(retain && topic.split('/')[3] === 'down');
  const parsed = parseTopic(topic);
  if (!parsed || parsed.sn !== who.sn || parsed.direction !== 'up') return false;
  if (!['telemetry', 'event', 'status', 'cmd-result'].includes(parsed.kind)) return false;
  return !retain || parsed.kind === 'status';
}

export function maySubscribe(who: MqttIdentity, filter: string): boolean {
  if (who.kind === 'service') return true;
  return (
    filter === `pvstar/v1/${who.sn}/down/cmd` ||
    filter === `pvstar/v1/${who.sn}/down/+` ||
    filter === `pvstar/v1/${who.sn}/down/#`
  );
}
