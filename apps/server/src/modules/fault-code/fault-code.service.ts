import type { PageQuery, PageResult } from '@pvstar/contract/api';
import type {
  FaultCodeAddBody,
  FaultCodeEditBody,
  FaultCodePageBody,
  FaultCodeRow,
  FaultImportResult,
} from '@pvstar/contract/fault-code';
import type { Lang } from '@pvstar/contract/lang';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { faultCodes } from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { buildWorkbook } from './fault-code.xlsx.ts';

/**
 * The fault code library is global reference data kept by the provider: no organisation scope applies,
 * the permission codes alone decide who may read (2006002) and write (its buttons).
 */

// No field entry: the pipeline would prefix the raw field name; the form marks the field on 409 itself.
const codeTaken = (code: string) => new AppError(409, 'faultCode.codeTaken', { code });

type FaultRecord = typeof faultCodes.$inferSelect;

const toRow = (r: FaultRecord, lang: Lang): FaultCodeRow => ({
  id: r.id,
  faultCode: r.faultCode,
  deviceType: r.deviceType,
  alarmLevel: r.alarmLevel,
  alarmMsg: r.messages[lang] ?? r.messages['en-GB'] ?? '',
  fixAdvice: r.fixAdvice[lang] ?? r.fixAdvice['en-GB'] ?? '',
  messages: r.messages,
  fixAdvices: r.fixAdvice,
  updateTime: r.updatedAt.toISOString(),
});

const values = (b: FaultCodeAddBody) => ({
  faultCode: b.faultCode,
  deviceType: b.deviceType,
  alarmLevel: b.alarmLevel,
  messages: b.message,
  fixAdvice: b.fixAdvice,
});

export type FaultCodeDeps = Pick<AppContext, 'db'>;

export function createFaultCodeService(deps: FaultCodeDeps) {
  return { ...createFaultCodeReads(deps), ...createFaultCodeWrites(deps), ...createFaultCodeImport(deps) };
}

/** The list filter, one code by id, and the check that a code is free. */
function createFaultCodeQueries(ctx: FaultCodeDeps) {
  const { db } = ctx;
  const filter = (f: FaultCodePageBody, lang: Lang): SQL | undefined =>
    and(
      contains(faultCodes.faultCode, f.faultCode),
      f.deviceType ? eq(faultCodes.deviceType, f.deviceType) : undefined,
      f.alarmLevel ? eq(faultCodes.alarmLevel, f.alarmLevel) : undefined,
      contains(sql`(${faultCodes.messages} ->> ${lang})`, f.keyword),
    );

  async function get(id: number) {
    const [row] = await db.select().from(faultCodes).where(eq(faultCodes.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function checkCode(code: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: faultCodes.id })
      .from(faultCodes)
      .where(and(eq(faultCodes.faultCode, code), exceptId ? ne(faultCodes.id, exceptId) : undefined));
    if (taken) throw codeTaken(code);
  }
  return { filter, get, checkCode };
}

/** The list and its export. */
function createFaultCodeReads(ctx: FaultCodeDeps) {
  const { db } = ctx;
  const { filter } = createFaultCodeQueries(ctx);
  return {
    async page(q: PageQuery, f: FaultCodePageBody, lang: Lang): Promise<PageResult<FaultCodeRow>> {
      const where = filter(f, lang);
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(faultCodes)
        .where(where)) as [{ total: number }];
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(faultCodes)
        .where(where)
        .orderBy(asc(faultCodes.faultCode), asc(faultCodes.id))
        .limit(limit)
        .offset(offset);
      return { total, list: rows.map((r) => toRow(r, lang)) };
    },

    /** The filtered library as xlsx, in the list's order. */
    async export(f: FaultCodePageBody, lang: Lang): Promise<Buffer> {
      const rows = await db
        .select()
        .from(faultCodes)
        .where(filter(f, lang))
        .orderBy(asc(faultCodes.faultCode), asc(faultCodes.id));
      return buildWorkbook(rows);
    },
  };
}

/** Adding, editing and removing one code. */
function createFaultCodeWrites(ctx: FaultCodeDeps) {
  const { db } = ctx;
  const { get, checkCode } = createFaultCodeQueries(ctx);
  return {
    async add(caller: Caller, b: FaultCodeAddBody, ip: string) {
      await checkCode(b.faultCode);
      const [row] = await db
        .insert(faultCodes)
        .values({ ...values(b), createdBy: caller.userId })
        .returning({ id: faultCodes.id })
        .catch((err) => {
          // Two adds racing for one code: the unique index decides.
          throw isUniqueViolation(err) ? codeTaken(b.faultCode) : err;
        });
      await audit(db, caller, {
        action: 'faultCode.add',
        targetType: 'faultCode',
        targetId: row!.id,
        detail: { faultCode: b.faultCode },
        ip,
      });
      return { id: row!.id };
    },

    async edit(caller: Caller, b: FaultCodeEditBody, ip: string) {
      const before = await get(b.id);
      await checkCode(b.faultCode, b.id);
      await db
        .update(faultCodes)
        .set({ ...values(b), updatedAt: new Date() })
        .where(eq(faultCodes.id, b.id))
        .catch((err) => {
          throw isUniqueViolation(err) ? codeTaken(b.faultCode) : err;
        });
      await audit(db, caller, {
        action: 'faultCode.edit',
        targetType: 'faultCode',
        targetId: b.id,
        detail: { from: before.faultCode, faultCode: b.faultCode },
        ip,
      });
    },

    async remove(caller: Caller, id: number, ip: string) {
      const row = await get(id);
      await db.delete(faultCodes).where(eq(faultCodes.id, id));
      await audit(db, caller, {
        action: 'faultCode.delete',
        targetType: 'faultCode',
        targetId: id,
        detail: { faultCode: row.faultCode },
        ip,
      });
    },
  };
}

/** A sheet of codes at once. */
function createFaultCodeImport(ctx: FaultCodeDeps) {
  const { db } = ctx;
  return {
    /** Upserts checked rows by code, all or nothing. */
    async import(caller: Caller, rows: FaultCodeAddBody[], ip: string): Promise<FaultImportResult> {
      const result = await db.transaction(async (tx) => {
        const codes = rows.map((r) => r.faultCode);
        const existing = new Set<string>();
        for (let i = 0; i < codes.length; i += 500) {
          const found = await tx
            .select({ code: faultCodes.faultCode })
            .from(faultCodes)
            .where(inArray(faultCodes.faultCode, codes.slice(i, i + 500)));
          for (const f of found) existing.add(f.code);
        }
        for (let i = 0; i < rows.length; i += 200) {
          await tx
            .insert(faultCodes)
            .values(rows.slice(i, i + 200).map((b) => ({ ...values(b), createdBy: caller.userId })))
            .onConflictDoUpdate({
              target: faultCodes.faultCode,
              set: {
                deviceType: sql`excluded.device_type`,
                alarmLevel: sql`excluded.alarm_level`,
                messages: sql`excluded.messages`,
                fixAdvice: sql`excluded.fix_advice`,
                updatedAt: sql`now()`,
              },
            });
        }
        return { added: rows.length - existing.size, updated: existing.size };
      });
      await audit(db, caller, {
        action: 'faultCode.import',
        targetType: 'faultCode',
        detail: result,
        ip,
      });
      return result;
    },
  };
}
