import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One process at a time on an embedded (PGlite) database: PGlite has no lock of its own, and a second
 * process writing the same directory corrupts it — e.g. `register-fleet` while the server runs. The
 * lock is a file `<dir>.lock` holding the owner's process id; one left by a process that is gone is
 * taken over.
 */
export function lockDataDir(dir: string): { release(): void } {
  const file = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new ConfigError(
          `The embedded database ${dir} is in use by process ${pid}: stop it first ` +
            `(or, if no such process is running, delete ${file})`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  return {
    release() {
      try {
        if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}
