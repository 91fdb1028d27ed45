import type { FleetResult, PhaseResult } from './fleet.ts';

export const fixed = (v: number, digits: number) => v.toFixed(digits);

/** The results as a markdown table, one column per setup and fleet size. */
export function fleetTable(results: FleetResult[]): string {
  const cols = results.map((r) => `${r.setup}, ${r.dongles.toLocaleString('en-GB')}`);
  const row = (name: string, f: (r: FleetResult) => string) => `| ${name} | ${results.map(f).join(' | ')} |`;
  const cpu = (p: PhaseResult) => p.serverMsPerMessage + p.postgresMsPerMessage + p.brokerMsPerMessage;
  const outage = (f: (p: NonNullable<FleetResult['outage']>) => string) => (r: FleetResult) =>
    r.outage ? f(r.outage) : '—';
  const pgOnly = (r: FleetResult, v: string) => (r.setup.startsWith('PostgreSQL') ? v : '—');
  const lines = [
    `| figure | ${cols.join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
    row('time to connect all, s', (r) => fixed(r.connectSeconds, 1)),
    row('steady: messages/s', (r) => fixed(r.steady.messages / r.steady.seconds, 0)),
    row('steady: CPU, % of one core (server / PostgreSQL / broker)', (r) =>
      [r.steady.serverCpuPct, r.steady.postgresCpuPct, r.steady.brokerCpuPct]
        .map((v) => fixed(v, 0))
        .join(' / '),
    ),
    row('steady: CPU per message, ms (server + PostgreSQL + broker)', (r) => fixed(cpu(r.steady), 2)),
    row('steady: server CPU per message, ms', (r) => fixed(r.steady.serverMsPerMessage, 2)),
    row('steady: PostgreSQL CPU per message, ms', (r) => pgOnly(r, fixed(r.steady.postgresMsPerMessage, 2))),
    row('steady: Mosquitto CPU per message, ms', (r) => pgOnly(r, fixed(r.steady.brokerMsPerMessage, 2))),
    row(
      'steady: publish → commit p50 / p99, ms',
      (r) => `${fixed(r.steady.p50Ms, 0)} / ${fixed(r.steady.p99Ms, 0)}`,
    ),
    row(
      'outage: dongles dropped / back in, s',
      outage((o) => `${o.dropped} / ${fixed(o.returnSeconds, 1)}`),
    ),
    row(
      'outage: CPU per message, ms (server + PostgreSQL + broker)',
      outage((o) => fixed(cpu(o), 2)),
    ),
    row(
      'outage: publish → commit p50 / p99, ms',
      outage((o) => `${fixed(o.p50Ms, 0)} / ${fixed(o.p99Ms, 0)}`),
    ),
    row('deadlocks: steady / outage', (r) =>
      pgOnly(r, `${r.steady.deadlocks} / ${r.outage ? r.outage.deadlocks : '—'}`),
    ),
    row('telemetry published / stored', (r) => `${r.telemetryPublished} / ${r.storedMessages}`),
    row(
      'lost / double-counted (plant days off the counters)',
      (r) => `${Math.max(0, r.telemetryAcked - r.storedMessages)} / ${r.energyMismatches}`,
    ),
    row('fault events published', (r) => String(r.eventsPublished)),
    row('connections dropped unasked', (r) => String(r.disconnects)),
    row(
      'server RSS, all connected / max, MB',
      (r) => `${fixed(r.serverRssConnectedMb, 0)} / ${fixed(r.serverRssMaxMb, 0)}`,
    ),
    row('Mosquitto RSS, MB', (r) => (r.brokerRssMb === null ? '—' : fixed(r.brokerRssMb, 0))),
    row('server log lines (info)', (r) => String(r.serverLogLines)),
    row('dashboards/s, distinct installers', (r) =>
      r.dashboards ? fixed(r.dashboards.installers.perSecond, 0) : '—',
    ),
    row('CPU per installer dashboard, ms (server + PostgreSQL)', (r) =>
      r.dashboards ? fixed(r.dashboards.installers.cpuMsPerDashboard, 1) : '—',
    ),
    row('dashboards/s, distinct dealers (whole fleet)', (r) =>
      r.dashboards ? fixed(r.dashboards.dealers.perSecond, 0) : '—',
    ),
    row('CPU per dealer dashboard, ms (server + PostgreSQL)', (r) =>
      r.dashboards ? fixed(r.dashboards.dealers.cpuMsPerDashboard, 1) : '—',
    ),
    row('load average at the end (1 / 5 / 15 min)', (r) => r.loadAvg.map((v) => fixed(v, 1)).join(' / ')),
  ];
  return lines.join('\n');
}
