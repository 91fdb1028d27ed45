import fs from 'node:fs';

/**
 * What the benches read of processes and of the machine from Linux's /proc: CPU (utime + stime, USER_HZ
 * 100), resident memory, open-file limits. Elsewhere each answers "nothing" rather than failing.
 */

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), and that name. */
function statOf(pid: number | string): { comm: string; fields: string[] } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
  } catch {
    // The process ended while we looked.
    return null;
  }
}

const cpuMsOfFields = (f: string[]) => (Number(f[11]) + Number(f[12])) * 10;

/** CPU seconds and resident memory of a process (zeros once it has ended). */
export function processUsage(pid: number): { cpuSeconds: number; rssMb: number } {
  const stat = statOf(pid);
  if (!stat) return { cpuSeconds: 0, rssMb: 0 };
  return { cpuSeconds: cpuMsOfFields(stat.fields) / 1000, rssMb: (Number(stat.fields[21]) * 4096) / 2 ** 20 };
}

/** CPU ms of these processes (those that ended since are not counted). */
export const cpuMsOf = (pids: Iterable<number>) => {
  let ms = 0;
  for (const pid of pids) ms += processUsage(pid).cpuSeconds * 1000;
  return ms;
};

/**
 * CPU ms a server and its child processes have used in all, those that ended included: the root's own, its
 * reaped children's (cutime + cstime), and its living children's, less the `exclude`d children's (a
 * watcher's connection). For PostgreSQL, whose connections end and start again as the pool idles them.
 */
export function processTreeCpuMs(root: number, exclude: ReadonlySet<number> = new Set()): number {
  const stat = statOf(root);
  if (!stat) return 0;
  let ms = cpuMsOfFields(stat.fields) + (Number(stat.fields[13]) + Number(stat.fields[14])) * 10;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return ms;
  }
  for (const pid of pids) {
    const child = statOf(pid);
    if (child && Number(child.fields[1]) === root && !exclude.has(Number(pid)))
      ms += cpuMsOfFields(child.fields);
  }
  return ms;
}

/** The parent of a process, or null once it has ended. */
export const parentOf = (pid: number): number | null => {
  const stat = statOf(pid);
  return stat ? Number(stat.fields[1]) : null;
};

/** CPU ms of each process of this command name, by pid. */
export function cpuByCommand(comm: string): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat?.comm === comm) out.set(Number(pid), cpuMsOfFields(stat.fields));
  }
  return out;
}

/** CPU ms the processes of this command name (or only those of `only`) used since `before`. */
export function cpuSince(before: Map<number, number>, comm: string, only?: Set<number>): number {
  let ms = 0;
  for (const [pid, now] of cpuByCommand(comm)) if (!only || only.has(pid)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** Resident memory of a process in MB, or null once it has ended. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (every process, other work included). */
export function machineTicks(): { busy: number; total: number } {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
    const total = cpu.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 1 };
  }
}

/** The soft limit of open files of a process (unlimited where /proc cannot tell). */
export function openFileLimit(pid: number): number {
  try {
    const line = /Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'));
    return line ? Number(line[1]) : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
