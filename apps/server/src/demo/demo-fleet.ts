import { type Fleet, type FleetOptions, startFleet } from '@pvstar/simulator/fleet';
import type { PlantState } from '@pvstar/simulator/model/energy';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { BrokerCredentials } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { fillAlarmHistory } from './alarm-history.ts';
import { type BackfillSummary, backfill } from './backfill.ts';
import { latestStates } from './latest-state.ts';
import { generatePlants, type OwnerSpec } from './plant-generator.ts';
import {
  collides,
  dongleDefOf,
  type FleetMember,
  insertPlants,
  loadFleet,
  type PlantPlacement,
  reissueSecrets,
  takenNumbers,
} from './register.ts';

/** Serial and plant numbers of the demo fleet: DEMO-D-0001, DEMO-I-0001, DEMO-P-0001, … */
export const DEMO_PREFIX = 'DEMO';

export interface DemoFleet {
  members: FleetMember[];
  /** Plants created by this start (0 on a restart). */
  created: number;
  fleet: Fleet | null;
  /** Settles when the history is in place (null before `start`, or when started without it). */
  backfilled: Promise<BackfillSummary> | null;
  /** Starts the simulated dongles (unless the fleet is switched off) and the backfill, both in the background. */
  start(opts: { brokerUrl: string; backfill?: boolean; fleet?: Partial<FleetOptions> }): void;
  stop(): Promise<void>;
}

/**
 * Where demo plants go: spread over installers A and B, every third one owned by demo-owner (under
 * installer A). Found through the demo accounts, so renamed organisations still get their plants.
 */
async function demoPlacement(db: Db) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      orgId: users.orgId,
      nickname: users.nickname,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.username, ['demo-installer-a', 'demo-installer-b', 'demo-owner']));
  const by = (name: string) => rows.find((r) => r.username === name);
  const a = by('demo-installer-a')?.orgId;
  const b = by('demo-installer-b')?.orgId;
  const ownerRow = by('demo-owner');
  const owner: (OwnerSpec & { userId: number }) | null =
    ownerRow && a !== undefined
      ? {
          userId: ownerRow.id,
          name: ownerRow.nickname ?? 'Anna Weber',
          contactType: 'EMAIL',
          contact: ownerRow.email ?? 'owner@demo.pvstar.local',
        }
      : null;
  if (a === undefined && b === undefined) return null;
  const owned = (i: number) => owner !== null && i % 3 === 1;
  return {
    owner,
    owned,
    orgOf: (i: number): number => {
      if (a === undefined) return b!;
      if (b === undefined || owned(i)) return a;
      return i % 2 === 0 ? b : a;
    },
  };
}

/** The demo plants 1…count that do not exist yet, created under the demo installers (null: they are gone). */
async function createMissingPlants(db: Db, opts: { count: number; intervalSeconds: number; log: Logger }) {
  const { log } = opts;
  const placement = await demoPlacement(db);
  if (!placement) {
    log.warn('demo fleet: the demo installers are gone, no demo plants');
    return null;
  }
  const specs = generatePlants({
    prefix: DEMO_PREFIX,
    count: opts.count,
    ownerOf: (i) => (placement.owned(i) ? placement.owner! : undefined),
  });
  const taken = await takenNumbers(db, specs);
  const missing: PlantPlacement[] = specs
    .filter((spec) => !collides(spec, taken))
    .map((spec) => {
      const i = spec.number;
      return {
        spec,
        orgId: placement.orgOf(i),
        ownerUserId: placement.owned(i) ? placement.owner!.userId : null,
      };
    });
  await insertPlants(db, missing, { intervalSeconds: opts.intervalSeconds });
  if (missing.length) log.info({ plants: missing.length }, 'demo fleet: plants created');
  return { specs, missing };
}

/**
 * Makes sure the demo plants 1…count exist (creating only the missing ones, so restarts add nothing),
 * then, when the fleet runs in this process, gives their dongles fresh secrets to hand to it.
 */
export async function prepareDemo(
  db: Db,
  opts: {
    count: number;
    intervalSeconds: number;
    fleet: boolean;
    log: Logger;
    /** The demo manufacturer's public keys the simulated dongles accept firmware signed with. */
    firmwareKeys?: readonly string[];
    /** The broker's accounts (MQTT_AUTH=dynsec), told the secrets the fleet is given. */
    credentials?: BrokerCredentials;
  },
): Promise<DemoFleet | null> {
  const { log } = opts;
  const created = await createMissingPlants(db, opts);
  if (!created) return null;
  const { specs, missing } = created;

  const members = await loadFleet(
    db,
    specs.map((s) => s.dongle.sn),
  );
  const history = await fillAlarmHistory(db, members);
  if (history) log.info({ alarms: history }, 'demo fleet: past alarms filled in');
  const secrets = opts.fleet
    ? await reissueSecrets(
        db,
        members.map((m) => m.dongleSn),
      )
    : new Map<string, string>();
  await opts.credentials?.issued([...secrets].map(([sn, secret]) => ({ sn, secret })));
  await opts.credentials?.committed([...secrets.keys()]);

  let fleet: Fleet | null = null;
  let backfilled: DemoFleet['backfilled'] = null;
  const aborter = new AbortController();
  return {
    members,
    created: missing.length,
    get fleet() {
      return fleet;
    },
    get backfilled() {
      return backfilled;
    },
    start({ brokerUrl, backfill: withBackfill = true, fleet: fleetOptions }) {
      const started = Date.now();
      if (opts.fleet) {
        fleet = startFleet({
          brokerUrl,
          dongles: [],
          interval: opts.intervalSeconds,
          // Now and then a fault or a short outage, so the alarm and status screens have something to show.
          faultRate: 0.0005,
          offlineRate: 0.0001,
          firmwareKeys: opts.firmwareKeys ?? [],
          log: { info: (m) => log.debug(`demo fleet: ${m}`), warn: (m) => log.warn(`demo fleet: ${m}`) },
          ...fleetOptions,
        });
        log.info(
          { dongles: members.length, interval: opts.intervalSeconds },
          'demo fleet: simulated dongles starting',
        );
      }
      // Each dongle joins once its past is in place, resuming the counters of its last stored reading.
      const waiting = new Set(members.map((m) => m.dongleSn));
      const launch = (m: FleetMember, state: PlantState | null) => {
        if (!waiting.delete(m.dongleSn)) return;
        const def = fleet ? dongleDefOf(m, secrets.get(m.dongleSn)!) : null;
        if (def) fleet!.add(def, state ?? undefined);
      };
      const launchRest = () => {
        for (const m of members) launch(m, null);
      };
      if (withBackfill) {
        const filling = backfill(db, members, { signal: aborter.signal, onReady: launch });
        backfilled = filling;
        filling.then(
          (r) => {
            if (r.plants)
              log.info(
                { ...r, seconds: Math.round((Date.now() - started) / 1000) },
                'demo fleet: history filled in',
              );
          },
          (err) => {
            if (aborter.signal.aborted) return;
            log.warn({ err: (err as Error).message }, 'demo fleet: filling in the history failed');
            launchRest();
          },
        );
      } else
        void latestStates(db, members).then(
          (states) => {
            for (const m of members) launch(m, states.get(m.dongleSn) ?? null);
          },
          () => launchRest(),
        );
    },
    async stop() {
      aborter.abort();
      await fleet?.stop();
      await backfilled?.catch(() => {});
    },
  };
}
