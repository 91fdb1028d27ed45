import { type CommandResultPayload, CommandResultPayloadSchema, topics } from '@pvstar/contract/mqtt';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { CommandPublisher } from '../domain/commands.ts';

/** What a result handler may use: the database, the log, and the publisher for follow-up commands. */
export interface CommandDeps {
  db: Db;
  log: Logger;
  publish: CommandPublisher;
}

/** Takes the results of one part of the cloud's commands. */
export type CommandResultHandler = (
  deps: CommandDeps,
  sn: string,
  result: CommandResultPayload,
) => Promise<void>;

/**
 * Who takes which results, by the prefix of their command id (CMD_PREFIX). The modules' handlers are named
 * in command-results.ts and handed in by main.ts, so the bus (and the ingest that feeds it) depends on no
 * module.
 */
export type CommandResultHandlers = Readonly<Record<string, CommandResultHandler>>;

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
  deps: CommandDeps,
  handlers: CommandResultHandlers,
  sn: string,
  payload: unknown,
): Promise<void> {
  const parsed = CommandResultPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    deps.log.debug({ sn }, 'command result dropped: not a result');
    return;
  }
  const result = parsed.data;
  for (const [prefix, handle] of Object.entries(handlers))
    if (result.cmdId.startsWith(prefix)) return handle(deps, sn, result);
  deps.log.debug({ sn, cmdId: result.cmdId }, 'command result for no known command');
}
