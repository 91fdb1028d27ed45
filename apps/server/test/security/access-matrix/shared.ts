import { type TestApp, unique } from '../../helper.ts';
import { type Caller, COLUMNS, type Column, type Signed } from '../fixtures/callers.ts';
import type { Req } from '../fixtures/route-call.ts';
import type { Fixtures, Side } from '../fixtures/sides.ts';

/**
 * What every part of the permission matrix shares: the entry's shape, `row` (a row of statuses), the
 * statuses most routes share, and small request helpers.
 */
export type Status = 200 | 302 | 401 | 403 | 404;

export interface CallContext {
  t: TestApp;
  fx: Fixtures;
  /** The side whose objects the request names. */
  side: Side;
  /** Who the call is made as (a column of the matrix or, in the mirrored run, installer A's all-codes user). */
  as: Caller;
  /** Whether this caller is expected to succeed (then the request must be one that succeeds). */
  allowed: boolean;
  /** The account making the call: the caller itself, or its twin / fresh session (see `by`). */
  caller: Signed;
}

export interface MatrixEntry {
  /** `METHOD url` exactly as in the route table. */
  route: string;
  /**
   * The token column, written from the product's rules (docs/decisions/032-token-capabilities.md): what an
   * API token of each caller gets is its session's status where the route is `read`, and where it is
   * `write` for a read-write token; 403 for a read-only token on `write` and for every token on `none`.
   * Every route but the public ones has one.
   */
  token?: 'read' | 'write' | 'none';
  expect: Record<Column, Status>;
  request: (c: CallContext) => Req | Promise<Req>;
  /** Puts the named object back into the state the route acts on; runs before each allowed call. */
  prepare?: (c: CallContext) => Promise<void>;
  /**
   * Allowed calls of routes that end the session they are called with run on a fresh session of the
   * caller; those that change or remove the account itself run as a twin (same organisation and roles).
   */
  by?: 'freshSession' | 'twin';
  /**
   * Texts of the side's objects that must be absent from the answers of the sibling installers (and,
   * so that the check means something, present in the answer of the side's own installer or admin).
   */
  hides?: (side: Side) => string[];
}

/**
 * One row of the table, in the order of `COLUMNS`:
 *   admin dealer installerA installerB owner neighbour guest demo bAll none
 */
export function row(statuses: string): Record<Column, Status> {
  const parts = statuses.trim().split(/\s+/).map(Number);
  if (parts.length !== COLUMNS.length || parts.some((s) => ![200, 302, 401, 403, 404].includes(s)))
    throw new Error(`bad matrix row: ${statuses}`);
  return Object.fromEntries(COLUMNS.map((c, i) => [c, parts[i]])) as Record<Column, Status>;
}

// Every column is 200 (public routes; a public route ignores the token).
export const PUBLIC = '200 200 200 200 200 200 200 200 200 200';
// Any signed-in account; no token is 401.
export const SIGNED_IN = '200 200 200 200 200 200 200 200 200 401';
// Any signed-in account that may write (the demo login is read-only).
export const SIGNED_IN_WRITE = '200 200 200 200 200 200 200 403 200 401';

export const page = { pageNum: 1, pageSize: 100 };
export const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
export const email = (prefix: string) => `${unique(prefix)}@test.pvstar.local`;

let serialCounter = 0;
/** A number not handed out before in this run (unique codes and serials). */
export const serial = () => serialCounter++;
export const freshSerial = (prefix: string) => {
  serialCounter += 1;
  return `${prefix}-${Date.now().toString(36).toUpperCase()}${serialCounter}`;
};

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
