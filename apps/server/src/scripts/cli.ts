import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** A wrong command line: why, then the usage; exit 2. */
export function usageError(usage: string, message: string): never {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
}

/**
 * A tool's command line: `--help` prints the usage (exit 0); an unknown or malformed argument is a
 * usage error.
 */
export function commandLine<const T extends ParseArgsConfig>(usage: string, config: T) {
  const parsed = (() => {
    try {
      return parseArgs(config);
    } catch (err) {
      return usageError(usage, (err as Error).message);
    }
  })();
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  return parsed;
}

/** npm runs workspace scripts in the workspace's folder; a relative path means where the command was typed. */
export const whereTyped = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Runs `work` on the configured database, migrated first: DATABASE_URL, or the embedded one in DATA_DIR,
 * locked so that it cannot run beside a server on the same directory. A failure prints `<tool>: why`
 * (a configuration error as it is) and exits 1.
 */
export async function onDatabase(tool: string, work: (db: Db, config: Config) => Promise<void>) {
  try {
    const config = loadConfig();
    const dbDir = path.join(path.resolve(config.DATA_DIR), 'db');
    const lock = config.DATABASE_URL ? null : lockDataDir(dbDir);
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: dbDir });
    try {
      await database.migrate();
      await work(database.db, config);
    } finally {
      await database.close();
      lock?.release();
    }
  } catch (err) {
    process.stderr.write(
      `${err instanceof ConfigError ? err.message : `${tool}: ${(err as Error).message}`}\n`,
    );
    process.exit(1);
  }
}
