import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { CommandPublisher } from '../domain/commands.ts';
import { expireRemoteCommands } from '../modules/remote/remote.results.ts';
import { dispatchUpgrades } from '../modules/upgrade/upgrade.dispatcher.ts';

/**
 * The jobs role's part of the command bus: remote commands past their deadline end as timed out, and
 * upgrade tasks move on (start, send, stage gate, finish). One pass at a time, every `everyMs`.
 */
export function startCommandJobs(opts: {
  db: Db;
  log: Logger;
  publish: CommandPublisher;
  publicUrl: () => string;
  everyMs?: number;
}) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireRemoteCommands(opts.db);
      if (expired) opts.log.info({ expired }, 'remote commands timed out');
      const { sent } = await dispatchUpgrades(opts);
      if (sent) opts.log.info({ sent }, 'firmware commands sent');
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, 'command jobs failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.everyMs ?? 2_000);
  return { tick, stop: () => clearInterval(timer) };
}
