import type { StationType } from '@pvstar/contract/enums';
import { expect } from 'vitest';
import { plants } from '../src/db/schema/index.ts';
import { orgIdByName, type TestApp, unique } from './helper.ts';

/** Twelve fixture rows are written in this order, so that no sortable value runs with the ids. */
export const SHUFFLE = [7, 2, 11, 0, 5, 9, 3, 10, 1, 6, 8, 4];

/**
 * Three plants of installer A named `<tag> Mitte`, `<tag> alpha`, `<tag> Zeta` (their names sort
 * differently with and without case), for the rows of a sorted list to hang on. Returns their ids.
 */
export async function sortFixturePlants(t: TestApp, tag: string, type: StationType): Promise<number[]> {
  const orgId = await orgIdByName(t, 'Solartechnik Alpha');
  const ids: number[] = [];
  for (const name of ['Mitte', 'alpha', 'Zeta']) {
    const [p] = await t.ctx.db
      .insert(plants)
      .values({ plantNo: unique('SRT'), name: `${tag} ${name}`, type, orgId, installedCapacity: 5 })
      .returning({ id: plants.id });
    ids.push(p!.id);
  }
  return ids;
}

type Value = string | number | null;
type Answer = { status: number; body: { msg: string; data: any } };
/** Reads one page of the list under test (its fixture rows only) with these query parameters. */
type Fetch = (query: Record<string, string | number>) => Promise<Answer>;

const compare = (a: Value, b: Value) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).toLowerCase() < String(b).toLowerCase()
      ? -1
      : String(a).toLowerCase() > String(b).toLowerCase()
        ? 1
        : 0;

/** The order a sorted page must have: by value (nulls last either way), ties by id the same way. */
function expectedOrder<Row extends { id: number }>(
  rows: Row[],
  value: (row: Row) => Value,
  dir: 1 | -1,
): number[] {
  return [...rows]
    .sort((x, y) => {
      const a = value(x);
      const b = value(y);
      if (a === null || b === null) return a === b ? dir * (x.id - y.id) : a === null ? 1 : -1;
      return dir * (compare(a, b) || x.id - y.id);
    })
    .map((r) => r.id);
}

async function list<Row>(fetch: Fetch, query: Record<string, string | number>): Promise<Row[]> {
  const res = await fetch({ pageNum: 1, pageSize: 100, ...query });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.list;
}

/**
 * Checks a list sorted on the server, column by column and both ways: the rows come in the order of the
 * column's value as the answer shows it (nulls last, ties by id), the fixture makes the two ways differ,
 * and reading the list ten rows a page gives the same rows as one page of a hundred.
 */
export async function expectSortedByEachColumn<Row extends { id: number }>(
  fetch: Fetch,
  columns: Record<string, (row: Row) => Value>,
) {
  for (const [orderBy, value] of Object.entries(columns)) {
    const ascending = await list<Row>(fetch, { orderBy, order: 'ascend' });
    const descending = await list<Row>(fetch, { orderBy, order: 'descend' });
    expect(ascending.length, 'the fixture fills more than one page').toBeGreaterThan(10);
    expect(new Set(ascending.map(value)).size, `${orderBy}: the fixture has distinct values`).toBeGreaterThan(
      1,
    );
    expect(
      ascending.map((r) => r.id),
      `${orderBy} ascend`,
    ).toEqual(expectedOrder(ascending, value, 1));
    expect(
      descending.map((r) => r.id),
      `${orderBy} descend`,
    ).toEqual(expectedOrder(descending, value, -1));
    expect(descending.map((r) => r.id)).not.toEqual(ascending.map((r) => r.id));

    const paged: number[] = [];
    for (let pageNum = 1; pageNum <= Math.ceil(descending.length / 10); pageNum += 1) {
      const res = await fetch({ pageNum, pageSize: 10, orderBy, order: 'descend' });
      expect(res.body.data.total).toBe(descending.length);
      paged.push(...res.body.data.list.map((r: Row) => r.id));
    }
    expect(paged, `${orderBy} page by page`).toEqual(descending.map((r) => r.id));
  }
}

/** A column the list cannot be sorted by is a 400 in the caller's language naming `orderBy`. */
export async function expectBadSortRefused(fetch: Fetch, orderBy: string) {
  const res = await fetch({ pageNum: 1, pageSize: 10, orderBy, order: 'ascend' });
  expect(res.status).toBe(400);
  expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain('orderBy');
  const bad = await fetch({ pageNum: 1, pageSize: 10, orderBy: 'id', order: 'sideways' });
  expect(bad.status).toBe(400);
  expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(
    expect.arrayContaining(['orderBy', 'order']),
  );
}
