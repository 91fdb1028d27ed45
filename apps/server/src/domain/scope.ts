import { DATA_SCOPES } from '@pvstar/contract/enum-values';
import type { DataScope } from '@pvstar/contract/enums';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { prefixPattern } from '../lib/like.ts';
import type { Caller } from './caller.ts';

/**
 * The one place a caller becomes a predicate. `orgPath` is the materialised path column of the row's
 * organisation, `orgId` its organisation id, `ownerId` the user the row belongs to (for "self").
 */
export function scopePredicate(
  caller: Caller,
  cols: { orgPath: AnyColumn | SQL; orgId: AnyColumn | SQL; ownerId: AnyColumn | SQL },
): SQL {
  return scopeSql(caller.dataScope, cols, {
    pathPattern: prefixPattern(caller.orgPath),
    orgId: caller.orgId,
    userId: caller.userId,
  });
}

/**
 * `scopePredicate` of any caller with `dataScope`, the caller's values as placeholders that
 * `scopeValues(caller)` fills: for statements prepared once per scope (db/prepared.ts).
 */
export const scopePlaceholders = (
  dataScope: DataScope,
  cols: { orgPath: AnyColumn | SQL; orgId: AnyColumn | SQL; ownerId: AnyColumn | SQL },
): SQL =>
  scopeSql(dataScope, cols, {
    pathPattern: sql.placeholder('scopePathPattern'),
    orgId: sql.placeholder('scopeOrgId'),
    userId: sql.placeholder('scopeUserId'),
  });

export const scopeValues = (caller: Caller) => ({
  scopePathPattern: prefixPattern(caller.orgPath),
  scopeOrgId: caller.orgId,
  scopeUserId: caller.userId,
});

function scopeSql(
  dataScope: DataScope,
  cols: { orgPath: AnyColumn | SQL; orgId: AnyColumn | SQL; ownerId: AnyColumn | SQL },
  of: { pathPattern: unknown; orgId: unknown; userId: unknown },
): SQL {
  switch (dataScope) {
    case 'ALL':
      return sql`TRUE`;
    case 'ORG_AND_SUB':
      return sql`${cols.orgPath} LIKE ${of.pathPattern}`;
    case 'ORG':
      return sql`${cols.orgId} = ${of.orgId}`;
    case 'SELF':
      return sql`${cols.ownerId} = ${of.userId}`;
  }
}

/** Whether an organisation (by path) is within reach for managing it (SELF reaches only its own org). */
export function orgInScope(caller: Caller, org: { id: number; path: string }): boolean {
  switch (caller.dataScope) {
    case 'ALL':
      return true;
    case 'ORG_AND_SUB':
      return org.path.startsWith(caller.orgPath);
    case 'ORG':
    case 'SELF':
      return org.id === caller.orgId;
  }
}

export const scopeRank = (s: DataScope) => DATA_SCOPES.indexOf(s);
/** The widest scope among several roles. */
export const widestScope = (scopes: DataScope[]): DataScope =>
  scopes.reduce<DataScope>((w, s) => (scopeRank(s) < scopeRank(w) ? s : w), 'SELF');
