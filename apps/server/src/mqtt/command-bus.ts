import { type CommandPayload, CommandResultPayloadSchema, topics } from '@pvstar/contract/mqtt';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { handleRemoteResult } from '../modules/remote/remote.results.ts';
import { handleUpgradeResult } from '../modules/upgrade/upgrade.results.ts';

/** Sends a command to a dongle's `down/cmd` (QoS 1: the broker keeps it while the dongle is away). */
export type CommandPublisher = (dongleSn: string, command: CommandPayload) => void;

/** Command ids tell which part of the cloud a result belongs to. */
export const CMD_PREFIX = { remote: 'rp-', firmware: 'fw-' } as const;

export function createCommandPublisher(client: MqttClient, log: Logger): CommandPublisher {
  return (dongleSn, command) => {
    // Not retained: a retained command would reach the dongle again on every reconnect.
    client.publish(topics.cmd(dongleSn), JSON.stringify(command), { qos: 1, retain: false }, (err) => {
      if (err) log.warn({ err: err.message, dongleSn, cmdId: command.cmdId }, 'command not published');
    });
  };
}

/**
 * An `up/cmd-result` message from dongle `sn`. Each handler only touches a command addressed to that
 * very dongle, so a dongle cannot answer for another.
 */
export async function routeCommandResult(
  deps: { db: Db; log: Logger; publish: CommandPublisher },
  sn: string,
  payload: unknown,
): Promise<void> {
  const parsed = CommandResultPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    deps.log.debug({ sn }, 'command result dropped: not a result');
    return;
  }
  const result = parsed.data;
  if (result.cmdId.startsWith(CMD_PREFIX.remote)) return handleRemoteResult(deps, sn, result);
  if (result.cmdId.startsWith(CMD_PREFIX.firmware)) return handleUpgradeResult(deps, sn, result);
  deps.log.debug({ sn, cmdId: result.cmdId }, 'command result for no known command');
}
