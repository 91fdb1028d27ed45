import { CMD_PREFIX } from '../domain/commands.ts';
import { handleRemoteResult } from '../modules/remote/remote.results.ts';
import { handleUpgradeResult } from '../modules/upgrade/upgrade.results.ts';
import type { CommandResultHandlers } from './command-bus.ts';

/**
 * Who takes which command results: the module that sent the command, by its id's prefix (CMD_PREFIX).
 * The one list: main.ts hands it to ingest, and so do the tests' device loops.
 */
export const COMMAND_RESULTS: CommandResultHandlers = {
  [CMD_PREFIX.remote]: handleRemoteResult,
  [CMD_PREFIX.firmware]: handleUpgradeResult,
};
