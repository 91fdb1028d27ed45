import { DATA_SCOPES } from '@pvstar/contract/enum-values';
import type { DataScope } from '@pvstar/contract/enums';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { organizations } from '../db/schema/index.ts';
import { prefixPattern } from '../lib/like.ts';
import type { Caller } from './caller.ts';

/**
 * The organisation subtree, the one rule behind every "this organisation and those below it": `path`
 * (an organisation's materialised path, `/1/4/9/`) lies at or below `root`, a path (escaped) or SQL for
 * one (an ancestor's path column, `orgPathOf(id)`; stored paths hold digits and slashes only, so they are
 * a literal prefix).
 */
export const inSubtree = (path: AnyColumn | SQL, root: string | AnyColumn | SQL): SQL =>
  typeof root === 'string' ? sql`${path} LIKE ${prefixPattern(root)}` : sql`${path} LIKE ${root} || '%'`;

/** `inSubtree` of organisations already read. */
export const pathInSubtree = (path: string, root: string): boolean => path.startsWith(root);

/** The ids on a path (`/1/4/9/`: 1, 4 and 9): an organisation's ancestors and itself. */
export const pathIds = (path: string): number[] =>
  path
    .split('/')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

/** `pathIds` in SQL, an `int[]` (an index on the ancestor's id can serve `= ANY(…)`). */
export const pathIdsSql = (path: AnyColumn | SQL): SQL =>
  sql`string_to_array(trim(both '/' from ${path}), '/')::int[]`;

/** The path of organisation `orgId`, as SQL (a root for `inSubtree`). */
export const orgPathOf = (orgId: number | SQL): SQL =>
  sql`(SELECT subtree_root.path FROM ${organizations} subtree_root WHERE subtree_root.id = ${orgId})`;

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

/**
 * `scopePredicate` of many callers in one statement, each a row (a recipient and its role): `dataScope`
 * is the role's column, `of` the caller's organisation path, organisation id and user id columns.
 */
export const rowScopeSql = (
  dataScope: AnyColumn | SQL,
  cols: { orgPath: AnyColumn | SQL; orgId: AnyColumn | SQL; ownerId: AnyColumn | SQL },
  of: { orgPath: AnyColumn | SQL; orgId: AnyColumn | SQL; userId: AnyColumn | SQL },
): SQL =>
  sql`(${sql.join(
    DATA_SCOPES.map(
      (s) =>
        sql`(${dataScope} = ${s} AND ${scopeSql(s, cols, { pathPattern: sql`${of.orgPath} || '%'`, orgId: of.orgId, userId: of.userId })})`,
    ),
    sql` OR `,
  )})`;

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
      // inSubtree, with the pattern given (a placeholder for prepared statements).
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
      return pathInSubtree(org.path, caller.orgPath);
    case 'ORG':
    case 'SELF':
      return org.id === caller.orgId;
  }
}

export const scopeRank = (s: DataScope) => DATA_SCOPES.indexOf(s);
/** The widest scope among several roles. */
export const widestScope = (scopes: DataScope[]): DataScope =>
  scopes.reduce<DataScope>((w, s) => (scopeRank(s) < scopeRank(w) ? s : w), 'SELF');
