import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type AppContext, NO_BROKER_CREDENTIALS } from './context.ts';
import { openDatabase } from './db/client.ts';
import { dongles } from './db/schema/index.ts';
import { seed } from './db/seed/seed.ts';
import { ensureDemoFirmwareKey } from './demo/demo-firmware-key.ts';
import { prepareDemo } from './demo/demo-fleet.ts';
import type { CommandPublisher } from './domain/commands.ts';
import { createIngestPipeline, ingestLanes, subscribeIngest } from './ingest/start-ingest.ts';
import { startTariffRecompute } from './ingest/tariff-recompute.ts';
import { startHousekeeping } from './lib/housekeeping.ts';
import { createOutboxWorker, devMailbox, type OutboxWorker } from './lib/mailer.ts';
import { startSamplePartitionUpkeep } from './lib/sample-partitions.ts';
import { startTableUpkeep } from './lib/table-upkeep.ts';
import { startAlarmWatch } from './modules/alarm/alarm-watch.ts';
import { verifyDongleSecret } from './modules/device/dongle-credentials.ts';
import { removeUnusedUploads } from './modules/firmware/firmware.files.ts';
import { startPerformanceJob } from './modules/performance/performance-job.ts';
import { startReportSchedule } from './modules/report/report-schedule.ts';
import { createWebhookWorker } from './modules/webhook/webhook-delivery.ts';
import { embeddedBrokerCredentials, startEmbeddedBroker } from './mqtt/broker.ts';
import { connectCloudClient } from './mqtt/client.ts';
import { createCommandPublisher } from './mqtt/command-bus.ts';
import { startCommandJobs } from './mqtt/command-jobs.ts';
import { COMMAND_RESULTS } from './mqtt/command-results.ts';
import { connectDynsec, withoutCredentials } from './mqtt/dynsec.ts';
import { lockDataDir } from './scripts/data-dir-lock.ts';

/** Which parts this process runs: all by default; `--role api|ingest|jobs` (repeatable) splits them. */
function parseRoles(argv: string[]): Set<'api' | 'ingest' | 'jobs'> {
  const roles = new Set<'api' | 'ingest' | 'jobs'>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg.startsWith('--role=') ? arg.slice(7) : arg === '--role' ? argv[++i] : undefined;
    for (const role of value?.split(',') ?? []) {
      if (role !== 'api' && role !== 'ingest' && role !== 'jobs')
        throw new ConfigError(`--role: unknown role "${role}" (api, ingest, jobs)`);
      roles.add(role);
    }
  }
  return roles.size ? roles : new Set(['api', 'ingest', 'jobs']);
}

type Roles = ReturnType<typeof parseRoles>;
type Database = Awaited<ReturnType<typeof openDatabase>>;
type Dynsec = Awaited<ReturnType<typeof connectDynsec>>;
type IngestPipeline = ReturnType<typeof createIngestPipeline>;

function createLogger(config: Config) {
  return pino({
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY && !config.production
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  });
}

/** The database (PGlite in DATA_DIR, locked to this process, or DATABASE_URL), migrated and seeded. */
async function openStore(config: Config, dataDir: string, log: Logger) {
  const dbLock = config.DATABASE_URL ? null : lockDataDir(path.join(dataDir, 'db'));
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(dataDir, 'db'),
    onError: (err) => log.warn({ err: err.message }, 'database connection lost'),
  });
  await database.migrate();
  const seeded = await seed(database.db, config);
  return { dbLock, database, seeded };
}

/**
 * MQTT_AUTH=dynsec: the service account and every registered dongle's account on Mosquitto, before anything
 * connects to it or registers a dongle.
 */
async function prepareDynsec(config: Config, database: Database, log: Logger) {
  const dynsec =
    config.MQTT_URL && config.MQTT_AUTH === 'dynsec'
      ? await connectDynsec({ url: config.MQTT_URL, log })
      : null;
  if (dynsec) {
    await dynsec.ensureService(config.MQTT_SERVICE_USER, config.MQTT_SERVICE_PASSWORD!);
    const registered = await database.db.select({ sn: dongles.sn }).from(dongles);
    const { added, removed } = await dynsec.reconcile(registered.map((r) => r.sn));
    log.info({ added: added.length, removed: removed.length }, 'dynsec: dongle accounts reconciled');
  }
  return dynsec;
}

/** Demo mode: the firmware key and the simulated plants (jobs role). */
async function prepareDemoFleet(
  config: Config,
  roles: Roles,
  opts: { database: Database; dataDir: string; dynsec: Dynsec | null; log: Logger },
) {
  const { database, dataDir, dynsec, log } = opts;
  // Demo mode: the demo manufacturer signs firmware with a key kept in DATA_DIR; its dongles trust it.
  const demoKey =
    config.demo && roles.has('jobs') ? await ensureDemoFirmwareKey(database.db, dataDir, log) : null;
  // The simulated demo plants (demo mode): created before the API answers, live data and history after.
  const demo =
    config.demo && config.DEMO_PLANTS > 0 && roles.has('jobs')
      ? await prepareDemo(database.db, {
          count: config.DEMO_PLANTS,
          intervalSeconds: config.DEMO_INTERVAL_SECONDS,
          fleet: config.DEMO_FLEET,
          credentials: dynsec ?? undefined,
          log,
          firmwareKeys: demoKey ? [demoKey.publicKey] : [],
        })
      : null;
  return { demoKey, demo };
}

function createIngestRole(
  config: Config,
  database: Database,
  log: Logger,
  publish: Parameters<typeof createIngestPipeline>[0]['publish'],
) {
  return createIngestPipeline({
    db: database.db,
    log,
    publish,
    // The command bus hands each result to the part of the cloud that sent the command.
    commandResults: COMMAND_RESULTS,
    lanes: config.INGEST_LANES ?? ingestLanes(database.kind),
    flushMs: config.INGEST_FLUSH_MS,
    dongleLimits: {
      messages: config.INGEST_DONGLE_MESSAGES_PER_MINUTE,
      samples: config.INGEST_DONGLE_SAMPLES_PER_MINUTE,
      events: config.INGEST_DONGLE_EVENTS_PER_MINUTE,
    },
  });
}

/** The embedded broker (without MQTT_URL), the cloud's own MQTT connection, and ingest's subscription. */
async function connectMqtt(
  config: Config,
  roles: Roles,
  opts: {
    database: Database;
    dynsec: Dynsec | null;
    ingestPipeline: IngestPipeline | null;
    admitDongles: () => boolean;
    log: Logger;
  },
) {
  const { database, dynsec, ingestPipeline, log } = opts;
  const servicePassword = config.MQTT_SERVICE_PASSWORD ?? randomBytes(18).toString('base64url');
  const broker = config.MQTT_URL
    ? null
    : await startEmbeddedBroker({
        port: config.MQTT_PORT,
        serviceUser: config.MQTT_SERVICE_USER,
        servicePassword,
        verifyDongle: (sn, secret) => verifyDongleSecret(database.db, sn, secret),
        // Ingest takes the dongles' messages inside the broker, each acknowledged once stored (decision 008).
        storeDongleMessage: ingestPipeline
          ? (topic, payload) => ingestPipeline.ingest.handle(topic, payload)
          : undefined,
        admitDongles: opts.admitDongles,
        connectsPerMinute: config.MQTT_DONGLE_CONNECTS_PER_MINUTE,
        log,
      });
  // With dynsec, MQTT_URL carries the plugin admin's credentials: every other client signs in as itself.
  const mqttUrl = config.MQTT_URL
    ? dynsec
      ? withoutCredentials(config.MQTT_URL)
      : config.MQTT_URL
    : `mqtt://127.0.0.1:${broker!.port}`;
  const mqttClient = connectCloudClient({
    url: mqttUrl,
    username: config.MQTT_SERVICE_USER,
    password: config.MQTT_URL ? config.MQTT_SERVICE_PASSWORD : servicePassword,
    clientId: `pvstar-${[...roles].join('-')}-${process.pid}`,
    log,
  });
  // Against an external broker ingest subscribes; a fixed client id per process keeps its persistent
  // session (what it has not acknowledged) across restarts.
  const ingestSubscriber =
    ingestPipeline && config.MQTT_URL
      ? subscribeIngest(ingestPipeline.ingest, log, {
          url: mqttUrl,
          username: config.MQTT_SERVICE_USER,
          password: config.MQTT_SERVICE_PASSWORD,
          shareGroup: config.INGEST_SHARE_GROUP ?? null,
          clientId: `pvstar-ingest-${config.INGEST_ID}`,
          sessionExpirySeconds: config.MQTT_SESSION_EXPIRY_SECONDS,
        })
      : null;
  return { broker, mqttUrl, mqttClient, ingestSubscriber };
}

/** The background work: the jobs role's timers and workers (and PGlite's table upkeep); `stop` ends them. */
function startJobs(
  config: Config,
  roles: Roles,
  opts: {
    database: Database;
    dataDir: string;
    log: Logger;
    outbox: OutboxWorker;
    publishCommand: CommandPublisher;
    publicUrl: () => string;
  },
) {
  const { database, dataDir, log, outbox, publishCommand, publicUrl } = opts;
  if (roles.has('jobs')) outbox.start();
  const alarmWatch = roles.has('jobs')
    ? startAlarmWatch(database.db, log, { title: config.APP_TITLE })
    : null;
  const housekeeping = roles.has('jobs')
    ? startHousekeeping(database.db, log, { firmware: () => removeUnusedUploads(database.db, dataDir) })
    : null;
  const performance = roles.has('jobs')
    ? startPerformanceJob(database.db, log, { share: config.UNDERPERFORMANCE_SHARE })
    : null;
  const samplePartitions = roles.has('jobs')
    ? startSamplePartitionUpkeep(database.db, log, { retentionDays: config.RAW_RETENTION_DAYS })
    : null;
  // PGlite runs no autovacuum: statistics and dead rows are kept as PostgreSQL's daemon would (table-upkeep.ts).
  const tableUpkeep = database.kind === 'pglite' ? startTableUpkeep(database.db, log) : null;
  // Past days recomputed after tariff changes (decision 023).
  const tariffRecompute = roles.has('jobs') ? startTariffRecompute(database.db, log) : null;
  // Scheduled reports link to the portal (PUBLIC_URL): the report page and the unsubscribe link.
  const reportSchedule = roles.has('jobs')
    ? startReportSchedule(database.db, log, { title: config.APP_TITLE, appUrl: publicUrl() })
    : null;
  // Webhook deliveries (and the plants' daily summaries) go out from the jobs role (docs/webhooks.md).
  const webhookWorker = roles.has('jobs')
    ? createWebhookWorker({
        db: database.db,
        log,
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        title: config.APP_TITLE,
      })
    : null;
  webhookWorker?.start();
  const commandJobs = roles.has('jobs')
    ? startCommandJobs({ db: database.db, log, publish: publishCommand, publicUrl })
    : null;
  return {
    performance,
    async stop() {
      alarmWatch?.stop();
      housekeeping?.stop();
      performance?.stop();
      samplePartitions?.stop();
      reportSchedule?.stop();
      tariffRecompute?.stop();
      await tableUpkeep?.stop();
      commandJobs?.stop();
      await webhookWorker?.stop();
      await outbox.stop();
    },
  };
}

/** What runs where, and the accounts to sign in with. */
function printBanner(
  config: Config,
  roles: Roles,
  parts: {
    app: unknown;
    database: Database;
    dataDir: string;
    broker: { port: number } | null;
    demo: { members: unknown[] } | null;
    demoKey: { file: string } | null;
    seeded: Awaited<ReturnType<typeof seed>>;
  },
) {
  const { app, database, dataDir, broker, demo, demoKey, seeded } = parts;
  const url = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  ${config.APP_TITLE} is running${app ? ` at ${url}` : ''}   (roles: ${[...roles].join(', ')})`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  MQTT:     ${broker ? `embedded broker on port ${broker.port}` : 'external broker (MQTT_URL)'}`,
    app ? `  API docs: ${url}/docs` : '',
    demo
      ? `  demo:     ${demo.members.length} plants${config.DEMO_FLEET ? `, simulated dongles reporting every ${config.DEMO_INTERVAL_SECONDS} s` : ''}`
      : '',
    demoKey
      ? `  firmware: sign demo images with npm run firmware:sign -- --key ${demoKey.file} --manufacturer PVSTAR --type INVERTER_ARM --version V9.0.0 --model <model> image.bin`
      : '',
    '',
    '  Sign-in accounts:',
    ...seeded.accounts.map(
      (a) =>
        `    ${a.username.padEnd(18)} ${a.password ? `password ${a.password}`.padEnd(28) : ''.padEnd(28)} ${a.note}`,
    ),
    '',
  ].filter((l) => l !== undefined);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  const config = loadConfig();
  const roles = parseRoles(process.argv.slice(2));
  const log = createLogger(config);
  const dataDir = path.resolve(config.DATA_DIR);
  const { dbLock, database, seeded } = await openStore(config, dataDir, log);
  const dynsec = await prepareDynsec(config, database, log);
  const { demoKey, demo } = await prepareDemoFleet(config, roles, { database, dataDir, dynsec, log });
  const ingestPipeline = roles.has('ingest')
    ? createIngestRole(config, database, log, (sn, cmd) => publishCommand(sn, cmd))
    : null;
  let stopping = false;
  const { broker, mqttUrl, mqttClient, ingestSubscriber } = await connectMqtt(config, roles, {
    database,
    dynsec,
    ingestPipeline,
    admitDongles: () => !stopping,
    log,
  });
  const publishCommand = createCommandPublisher(mqttClient, log);
  const publicUrl = () => config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;

  const outbox = createOutboxWorker({
    db: database.db,
    log,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailbox: devMailbox(config),
  });
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    log,
    outbox,
    publishCommand,
    brokerReady: () => mqttClient.connected && (ingestSubscriber?.connected ?? true),
    mqttPort: broker?.port ?? null,
    brokerCredentials: broker ? embeddedBrokerCredentials(broker) : (dynsec ?? NO_BROKER_CREDENTIALS),
  };
  const jobs = startJobs(config, roles, { database, dataDir, log, outbox, publishCommand, publicUrl });
  const { performance } = jobs;

  let demoHistoryFilled = false;
  if (demo) ctx.demoHistoryReady = () => demoHistoryFilled;
  const app = roles.has('api') ? await buildApp(ctx) : null;
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  demo?.start({ brokerUrl: mqttUrl });
  if (demo?.backfilled)
    void demo.backfilled.finally(() => {
      demoHistoryFilled = true;
    });
  else demoHistoryFilled = true;
  // The demo's year of history arrives in the background: its performance is computed once it is in.
  void demo?.backfilled?.then(() => performance?.run());
  printBanner(config, roles, { app, database, dataDir, broker, demo, demoKey, seeded });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app?.close();
    await demo?.stop();
    await jobs.stop();
    // Dongles first: what they sent and we have not acknowledged, they send again to the next process.
    broker?.disconnectAll();
    await ingestSubscriber?.close();
    await ingestPipeline?.ingest.flush();
    await mqttClient.endAsync(true).catch(() => {});
    await broker?.close();
    await dynsec?.close();
    await database.close();
    dbLock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Start-up failed: ${err?.stack ?? err}\n`);
  process.exit(1);
});
