import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHouses } from '../../../../bench/ingest-setup.ts';
import { openDatabase } from '../../src/db/client.ts';
import {
  DONGLES,
  endLeftovers,
  expectAllStoredOnce,
  type FaultRun,
  leftovers,
  loadWithFault,
  ROWS_PER_MESSAGE,
  serverEnv,
  serverProcess,
  settle,
  storedRows,
  telemetryChecks,
  tempDir,
} from '../fault-harness.ts';
import {
  freePort,
  mosquittoMissing,
  type PrivatePostgres,
  postgresMissing,
  privateBroker,
  privatePostgres,
} from '../private-services.ts';

/**
 * Faults under load (requirements §R17.3, docs/security.md §3): bench:ingest's generator drives DONGLES
 * dongles at RATE messages/s into the server running as a child process, and in the middle of the run
 * PostgreSQL restarts, the broker restarts, or the server is killed with SIGKILL and started again. The
 * dongles behave as real ones (QoS 1, persistent session, resend what the broker did not acknowledge).
 * While the fault lasts `/ready` must say so; afterwards every message must be stored once and the energy
 * roll-ups must follow the counters.
 *
 * The PostgreSQL + Mosquitto variants run here in the PostgreSQL run of the suite (TEST_DB=postgres), on a
 * cluster and a Mosquitto of their own; the embedded default (PGlite + embedded broker) in the plain run
 * (faults-embedded.test.ts). The harness is apps/server/test/fault-harness.ts.
 */
afterAll(endLeftovers);

const missing = postgresMissing() ?? mosquittoMissing();
if (process.env.TEST_DB === 'postgres' && missing)
  console.warn(`faults.test.ts: the PostgreSQL + Mosquitto fault tests are skipped: ${missing}`);

describe.skipIf(process.env.TEST_DB !== 'postgres' || !!missing)(
  `faults under load, PostgreSQL + Mosquitto (PostgreSQL run only${missing ? `; skipped: ${missing}` : ''})`,
  () => {
    let cluster: PrivatePostgres;
    let counter = 0;

    beforeAll(async () => {
      cluster = await privatePostgres();
      leftovers.add(cluster.destroy);
    });

    /** A database of bench houses on the private cluster, Mosquitto, and the server on both. */
    async function setup() {
      counter += 1;
      const name = `faults_${counter}`;
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString() });
      await database.migrate();
      await loadHouses(database, DONGLES);
      const broker = await privateBroker();
      leftovers.add(broker.stop);
      const dir = tempDir();
      const server = serverProcess(
        serverEnv({
          dir,
          port: await freePort(),
          extra: {
            DATABASE_URL: url.toString(),
            MQTT_URL: broker.url,
            MQTT_SERVICE_USER: 'pvstar-service',
            MQTT_SERVICE_PASSWORD: 'service-secret-1',
          },
        }),
        dir,
      );
      await server.start();
      return {
        database,
        broker,
        server,
        async teardown() {
          await server.kill('SIGTERM');
          await database.close();
          broker.stop();
        },
      };
    }

    async function finish(s: Awaited<ReturnType<typeof setup>>, run: FaultRun) {
      const wanted = run.load.dongles.reduce((n, d) => n + d.published, 0) * ROWS_PER_MESSAGE;
      await settle(() => storedRows(s.database.db), wanted);
      return telemetryChecks(s.database.db, run);
    }

    /**
     * One fault under load on a fresh setup: `fault` injects it and checks /ready meanwhile; then every
     * message must be stored once. The server's log is printed when it fails.
     */
    async function faultRun(
      fault: (s: Awaited<ReturnType<typeof setup>>) => Promise<FaultRun>,
    ): Promise<void> {
      const s = await setup();
      try {
        const run = await fault(s);
        expectAllStoredOnce(await finish(s, run), run);
      } catch (err) {
        console.error(s.server.log());
        throw err;
      } finally {
        await s.teardown();
      }
    }

    it(
      'PostgreSQL restarts mid-run: /ready names the database, then every message is stored once',
      async () =>
        faultRun(async (s) => {
          const run = await loadWithFault(s.server, s.broker.url, {
            inject: async () => cluster.stop('fast'),
            recover: async () => cluster.start(),
          });
          expect(run.during.some((r) => r.status === 503 && r.database === false)).toBe(true);
          expect(run.during.every((r) => r.status === 503)).toBe(true);
          return run;
        }),
      150_000,
    );

    it(
      'Mosquitto restarts mid-run: /ready names the broker, then every message is stored once',
      async () =>
        faultRun(async (s) => {
          const run = await loadWithFault(s.server, s.broker.url, {
            inject: () => s.broker.halt(),
            recover: () => s.broker.start(),
          });
          expect(run.during.some((r) => r.status === 503 && r.broker === false)).toBe(true);
          expect(run.during.every((r) => r.status === 503 && r.database === true)).toBe(true);
          // Every dongle lost its connection and came back.
          expect(run.load.dongles.every((d) => d.firstDrop !== null)).toBe(true);
          return run;
        }),
      150_000,
    );

    it(
      'the server is killed (SIGKILL) mid-run and started again: every message is stored once',
      async () =>
        faultRun(async (s) => {
          const run = await loadWithFault(s.server, s.broker.url, {
            inject: () => s.server.kill('SIGKILL'),
            recover: () => s.server.start(),
          });
          // Nothing answers while the server is down; the broker holds ingest's messages meanwhile.
          expect(run.during.every((r) => r.status === null)).toBe(true);
          expect(run.load.disconnects).toBe(0);
          return run;
        }),
      150_000,
    );
  },
);
