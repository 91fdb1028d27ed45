import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { sqlRow, sqlRows } from '../src/db/rows.ts';

/**
 * Tables a refused or failed request may still write to: its own bookkeeping, not the data it was
 * refused: sign-in attempts and sessions (per-account limits, last-seen), the audit logs (refused
 * parameter writes are audited too), and codes and mail queued by enumeration-safe routes.
 */
export const BOOKKEEPING_TABLES = [
  'sessions',
  'login_attempts',
  'audit_log',
  'outbox',
  'verification_codes',
  'remote_param_audit',
] as const;

/**
 * A fingerprint of every row of every table in the public schema but the bookkeeping ones: row count and
 * an md5 over the rows' text, per table. Two equal fingerprints mean nothing was written. Meant for the
 * small databases of tests (it reads every row).
 */
export async function dbFingerprint(
  db: Db,
  skip: readonly string[] = BOOKKEEPING_TABLES,
): Promise<Record<string, string>> {
  const tables = await sqlRows<{ name: string }>(
    db,
    sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (skip.includes(name) || name.startsWith('__drizzle')) continue;
    const row = await sqlRow<{ n: string; h: string | null }>(
      db,
      sql.raw(
        `SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM "${name}" t`,
      ),
    );
    out[name] = `${row?.n}:${row?.h ?? ''}`;
  }
  return out;
}

/** The tables whose fingerprint differs between two snapshots (empty when nothing was written). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
