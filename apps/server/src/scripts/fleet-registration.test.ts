import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFleetFile } from '@pvstar/simulator/fleet-file';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp } from '../../test/helper.ts';
import { sqlRow } from '../db/rows.ts';
import { dongles } from '../db/schema/index.ts';
import { createOrg } from '../db/seed/seed.ts';
import { verifyDongleSecret } from '../modules/device/dongle-credentials.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { findOrg, registerFleet, writeFleetFile } from './fleet-registration.ts';

describe('register-fleet', () => {
  let t: TestApp;
  let orgId: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-fleet-'));
  beforeAll(async () => {
    t = await buildTestApp();
    orgId = await orgIdByName(t, 'Energie Bravo');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the organisation by id or exact name, and refuses guests and unknown ones', async () => {
    expect(await findOrg(t.ctx.db, 'Energie Bravo')).toEqual({ id: orgId, name: 'Energie Bravo' });
    expect(await findOrg(t.ctx.db, String(orgId))).toEqual({ id: orgId, name: 'Energie Bravo' });
    await expect(findOrg(t.ctx.db, 'Energie')).rejects.toThrow(/no organisation "Energie"/);
    await expect(findOrg(t.ctx.db, '99999999999')).rejects.toThrow(/no organisation/);
    const guest = await createOrg(t.ctx.db, { name: 'Besucher', type: 'GUEST', parentId: orgId });
    await expect(findOrg(t.ctx.db, String(guest))).rejects.toThrow(/guest/);
  });

  it('registers N plants whose fleet file parses and whose secrets are the stored ones', async () => {
    const { file, first, last } = await registerFleet(t.ctx.db, {
      plants: 5,
      orgId,
      prefix: 'SIM',
      intervalSeconds: 60,
    });
    expect([first, last]).toEqual(['SIM-D-0001', 'SIM-D-0005']);
    const target = path.join(dir, 'fleet.json');
    writeFleetFile(target, file);
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    // Never overwritten: the secrets inside exist nowhere else.
    expect(() => writeFleetFile(target, file)).toThrow(/EEXIST/);

    const parsed = parseFleetFile(JSON.parse(fs.readFileSync(target, 'utf8')));
    expect(parsed.dongles.map((d) => d.sn)).toEqual([
      'SIM-D-0001',
      'SIM-D-0002',
      'SIM-D-0003',
      'SIM-D-0004',
      'SIM-D-0005',
    ]);
    for (const d of parsed.dongles) {
      expect(await verifyDongleSecret(t.ctx.db, d.sn, d.secret)).toBe(true);
      expect(d.devices[0]!.kind).toBe('INVERTER');
    }
    expect(new Set(parsed.dongles.map((d) => d.secret)).size).toBe(5);
    // One dongle's secret is not another's.
    expect(await verifyDongleSecret(t.ctx.db, 'SIM-D-0001', parsed.dongles[1]!.secret)).toBe(false);

    const stored = await sqlRow<{
      plants: number;
      dongles: number;
      devices: number;
      orgs: number;
      org: number;
    }>(
      t.ctx.db,
      sql`
        SELECT count(DISTINCT p.id)::int AS plants, count(DISTINCT g.id)::int AS dongles, count(d.id)::int AS devices,
          count(DISTINCT p.org_id)::int AS orgs, max(p.org_id) AS org
        FROM plants p JOIN dongles g ON g.plant_id = p.id JOIN devices d ON d.dongle_id = g.id
        WHERE p.plant_no LIKE 'SIM-P-%'`,
    );
    expect(stored).toMatchObject({ plants: 5, dongles: 5, orgs: 1, org: orgId });
    expect(stored!.devices).toBe(parsed.dongles.reduce((n, d) => n + d.devices.length, 0));
    // Nothing secret in the database: only hashes.
    const hashes = (await t.ctx.db.select({ h: dongles.secretHash }).from(dongles)).map((r) => r.h);
    for (const d of parsed.dongles) expect(hashes).not.toContain(d.secret);
  });

  it('continues the numbering of a prefix on a second run', async () => {
    const { first, last, file } = await registerFleet(t.ctx.db, {
      plants: 2,
      orgId,
      prefix: 'SIM',
      intervalSeconds: 60,
    });
    expect([first, last]).toEqual(['SIM-D-0006', 'SIM-D-0007']);
    expect(file.dongles).toHaveLength(2);
    await expect(
      registerFleet(t.ctx.db, { plants: 1, orgId, prefix: 'sim', intervalSeconds: 60 }),
    ).rejects.toThrow(/prefix/);
  });

  it('keeps a second process off an embedded database in use', () => {
    const db = path.join(dir, 'db');
    const lock = lockDataDir(db);
    // The lock names a live process (our parent stands in for a running server).
    fs.writeFileSync(`${db}.lock`, String(process.ppid));
    expect(() => lockDataDir(db)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    // One left behind by a process that is gone is taken over.
    fs.writeFileSync(`${db}.lock`, '999999999');
    const again = lockDataDir(db);
    expect(fs.readFileSync(`${db}.lock`, 'utf8')).toBe(String(process.pid));
    again.release();
    expect(fs.existsSync(`${db}.lock`)).toBe(false);
    lock.release();
  });
});
