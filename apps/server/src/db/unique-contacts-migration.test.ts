import fs from 'node:fs';
import path from 'node:path';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp } from '../../test/helper.ts';
import { contactClashLog, users } from './schema/index.ts';

/**
 * Migration 0014 on data written before it: its clean-up part (everything from dropping the old unique
 * indexes on) is run again over a database given back its old, looser rules and filled with clashes.
 */
const MIGRATION = fs.readFileSync(
  path.resolve(import.meta.dirname, 'migrations/0014_unique_contacts.sql'),
  'utf8',
);
const cleanUp = (() => {
  const statements = MIGRATION.split('--> statement-breakpoint');
  const from = statements.findIndex((s) => s.includes('DROP INDEX "users_email_uq"'));
  // The indexes are already gone here (the test removed them to store the clashes).
  return statements.slice(from).map((s) => s.replace(/DROP INDEX "/g, 'DROP INDEX IF EXISTS "'));
})();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('migration 0014: one identifier, one account', () => {
  it('normalises contacts, clears clashes on all but one account, logs each and then enforces the rule', async () => {
    const db = t.ctx.db;
    for (const statement of [
      'ALTER TABLE users DROP CONSTRAINT users_email_normalised',
      'ALTER TABLE users DROP CONSTRAINT users_phone_normalised',
      'DROP INDEX users_email_uq',
      'DROP INDEX users_phone_uq',
    ])
      await db.execute(sql.raw(statement));
    const orgId = await orgIdByName(t, 'PVSTAR');
    const row = (username: string, email: string | null, phone: string | null) => ({
      orgId,
      username,
      email,
      phone,
      passwordHash: 'x',
    });
    const inserted = await db
      .insert(users)
      .values([
        row('clash-old', 'Same@Clash.test', '4915100000001'),
        row('clash-new', 'same@clash.test', '+49 151 00000001'),
        row('4915100000002', null, null),
        row('clash-phone', null, '+4915100000002'),
        row('who@clash.test', null, null),
        row('clash-mail', 'who@clash.test', null),
      ])
      .returning({ id: users.id, username: users.username });
    const id = Object.fromEntries(inserted.map((u) => [u.username, u.id]));

    for (const statement of cleanUp) await db.execute(sql.raw(statement));

    const after = await db
      .select({ username: users.username, email: users.email, phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.id,
          inserted.map((u) => u.id),
        ),
      )
      .orderBy(asc(users.id));
    expect(after).toEqual([
      { username: 'clash-old', email: 'same@clash.test', phone: '+4915100000001' },
      { username: 'clash-new', email: null, phone: null },
      { username: '4915100000002', email: null, phone: null },
      { username: 'clash-phone', email: null, phone: null },
      { username: 'who@clash.test', email: null, phone: null },
      { username: 'clash-mail', email: null, phone: null },
    ]);
    const log = await db
      .select({
        userId: contactClashLog.userId,
        field: contactClashLog.field,
        clearedValue: contactClashLog.clearedValue,
        keptByUserId: contactClashLog.keptByUserId,
        reason: contactClashLog.reason,
      })
      .from(contactClashLog)
      .orderBy(asc(contactClashLog.id));
    expect(log).toEqual([
      {
        userId: id['clash-new'],
        field: 'email',
        clearedValue: 'same@clash.test',
        keptByUserId: id['clash-old'],
        reason: 'contact',
      },
      {
        userId: id['clash-new'],
        field: 'phone',
        clearedValue: '+4915100000001',
        keptByUserId: id['clash-old'],
        reason: 'contact',
      },
      {
        userId: id['clash-mail'],
        field: 'email',
        clearedValue: 'who@clash.test',
        keptByUserId: id['who@clash.test'],
        reason: 'username',
      },
      {
        userId: id['clash-phone'],
        field: 'phone',
        clearedValue: '+4915100000002',
        keptByUserId: id['4915100000002'],
        reason: 'username',
      },
    ]);
    // From now on the database refuses a contact in another form or twice.
    await expect(db.insert(users).values(row('late-upper', 'Late@Clash.test', null))).rejects.toThrow();
    await expect(db.insert(users).values(row('late-spaces', null, '+49 151 1'))).rejects.toThrow();
    await expect(db.insert(users).values(row('late-twice', 'same@clash.test', null))).rejects.toThrow();
  });
});
