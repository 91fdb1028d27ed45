import fs from 'node:fs';
import type { FleetFile } from '@pvstar/simulator/fleet-file';
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dongles, organizations, plants } from '../db/schema/index.ts';
import { generatePlants, PREFIX } from '../demo/plant-generator.ts';
import { collides, dongleDefOf, insertPlants, loadFleet, takenNumbers } from '../demo/register.ts';

/** An organisation by id or by exact name; plants cannot belong to a guest organisation. */
export async function findOrg(db: Db, ref: string): Promise<{ id: number; name: string }> {
  const id = /^\d+$/.test(ref) ? Number(ref) : null;
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(id !== null && id <= 2 ** 31 - 1 ? eq(organizations.id, id) : eq(organizations.name, ref));
  if (rows.length === 0) throw new Error(`no organisation "${ref}"`);
  if (rows.length > 1)
    throw new Error(
      `${rows.length} organisations are called "${ref}": give the id (${rows.map((r) => r.id).join(', ')})`,
    );
  const org = rows[0]!;
  if (org.type === 'GUEST')
    throw new Error(`"${org.name}" is a guest organisation: plants cannot belong to it`);
  return { id: org.id, name: org.name };
}

/** The highest plant number registered under a prefix so far (0 when none). */
async function lastNumber(db: Db, prefix: string): Promise<number> {
  const pattern = new RegExp(`^${prefix}-[A-Z]-(\\d+)$`);
  const rows = [
    ...(await db
      .select({ v: dongles.sn })
      .from(dongles)
      .where(like(dongles.sn, `${prefix}-D-%`))),
    ...(await db
      .select({ v: plants.plantNo })
      .from(plants)
      .where(like(plants.plantNo, `${prefix}-P-%`))),
  ];
  return rows.reduce((max, r) => Math.max(max, Number(pattern.exec(r.v)?.[1] ?? 0)), 0);
}

/**
 * Registers `plants` simulated plants (dongle, inverter and per type battery, meter, EV charger, heat
 * pump) under an organisation, numbered after those of the prefix registered before, and returns the
 * simulator's fleet file holding each dongle's freshly issued secret.
 */
export async function registerFleet(
  db: Db,
  opts: { plants: number; orgId: number; prefix: string; intervalSeconds: number },
): Promise<{ file: FleetFile; first: string; last: string }> {
  if (!PREFIX.test(opts.prefix))
    throw new Error('--prefix: 2-10 capitals and digits, starting with a letter');
  const from = (await lastNumber(db, opts.prefix)) + 1;
  const specs = generatePlants({ prefix: opts.prefix, count: opts.plants, from });
  const taken = await takenNumbers(db, specs);
  const clash = specs.find((s) => collides(s, taken));
  if (clash)
    throw new Error(`serial numbers of ${clash.plantNo} are in use already: choose another --prefix`);
  const secrets = await insertPlants(
    db,
    specs.map((spec) => ({ spec, orgId: opts.orgId, ownerUserId: null })),
    { intervalSeconds: opts.intervalSeconds },
  );
  const members = await loadFleet(db, [...secrets.keys()]);
  const file: FleetFile = {
    dongles: members.flatMap((m) => dongleDefOf(m, secrets.get(m.dongleSn)!) ?? []),
  };
  return { file, first: specs[0]!.dongle.sn, last: specs.at(-1)!.dongle.sn };
}

/** Writes the fleet file for its owner's eyes only (it holds secrets); an existing file is never replaced. */
export function writeFleetFile(file: string, fleet: FleetFile): void {
  fs.writeFileSync(file, `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
}

/** How many plants an organisation holds (for the summary line). */
export async function plantCount(db: Db, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(plants)
    .where(eq(plants.orgId, orgId));
  return row?.n ?? 0;
}
