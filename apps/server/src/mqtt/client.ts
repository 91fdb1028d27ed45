import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/**
 * The cloud's MQTT connection (to the embedded broker or to Mosquitto/EMQX by `MQTT_URL`), with a fixed
 * client id and a persistent session so nothing is lost across reconnects.
 */
export function connectCloudClient(opts: {
  url: string;
  username: string;
  password?: string;
  clientId: string;
  log: Logger;
}) {
  const client: MqttClient = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  client.on('connect', () =>
    opts.log.info({ url: opts.url.replace(/\/\/[^@]*@/, '//***@') }, 'MQTT connected'),
  );
  client.on('offline', () => opts.log.warn('MQTT offline, reconnecting'));
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'MQTT error'));
  return client;
}
