import type { ManufacturerKeyAddBody, ManufacturerKeyRow } from '@pvstar/contract/basic-device';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { manufacturerKeys, manufacturers } from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { fingerprintOf, normalisePublicKey } from '../firmware/firmware.signature.ts';

const imageCount = sql<number>`(SELECT count(*)::int FROM firmware_files f WHERE f.key_id = "manufacturer_keys"."id")`;

/**
 * A manufacturer's firmware signing keys (basic data, global like the manufacturers): added, listed,
 * retired — never deleted, so that what a key signed stays traceable.
 */
export function createManufacturerKeyService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  async function manufacturerName(id: number) {
    const [m] = await db
      .select({ name: manufacturers.name })
      .from(manufacturers)
      .where(eq(manufacturers.id, id));
    return m?.name ?? null;
  }

  return {
    async list(manufacturerId: number): Promise<ManufacturerKeyRow[]> {
      if ((await manufacturerName(manufacturerId)) === null) throw notFound();
      const rows = await db
        .select({ k: manufacturerKeys, imageCount })
        .from(manufacturerKeys)
        .where(eq(manufacturerKeys.manufacturerId, manufacturerId))
        .orderBy(sql`${manufacturerKeys.retiredAt} IS NOT NULL`, asc(manufacturerKeys.id));
      return rows.map(({ k, imageCount: n }) => ({
        id: k.id,
        manufacturerId: k.manufacturerId,
        label: k.label,
        publicKey: k.publicKey,
        fingerprint: k.fingerprint,
        retired: k.retiredAt !== null,
        retireTime: k.retiredAt?.toISOString() ?? null,
        imageCount: n,
        createTime: k.createdAt.toISOString(),
      }));
    },

    async add(caller: Caller, b: ManufacturerKeyAddBody, ip: string) {
      const name = await manufacturerName(b.manufacturerId);
      if (name === null) throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
      const publicKey = normalisePublicKey(b.publicKey);
      if (!publicKey) throw invalidField('publicKey', 'basicDevice.keyInvalid');
      const fingerprint = fingerprintOf(publicKey);
      const refused = (key: string) => new AppError(409, key, {}, [{ field: 'publicKey', key }]);
      const [row] = await db
        .insert(manufacturerKeys)
        .values({
          manufacturerId: b.manufacturerId,
          publicKey,
          fingerprint,
          label: b.label || null,
          createdBy: caller.userId,
        })
        .onConflictDoNothing()
        .returning({ id: manufacturerKeys.id })
        .catch((err) => {
          // The trigger of migration 0038: the fingerprint is another manufacturer's, for ever.
          throw isUniqueViolation(err) ? refused('basicDevice.keyOwnedElsewhere') : err;
        });
      if (!row) throw refused('basicDevice.keyTaken');
      await audit(db, caller, {
        action: 'manufacturer.keyAdd',
        targetType: 'manufacturer',
        targetId: b.manufacturerId,
        detail: { name, fingerprint },
        ip,
      });
      return { id: row.id, fingerprint };
    },

    async retire(caller: Caller, id: number, ip: string) {
      const [row] = await db
        .update(manufacturerKeys)
        .set({ retiredAt: new Date() })
        .where(and(eq(manufacturerKeys.id, id), isNull(manufacturerKeys.retiredAt)))
        .returning();
      if (!row) {
        const [exists] = await db
          .select({ id: manufacturerKeys.id })
          .from(manufacturerKeys)
          .where(eq(manufacturerKeys.id, id));
        if (!exists) throw notFound();
        // Retired already: nothing changes.
        return;
      }
      await audit(db, caller, {
        action: 'manufacturer.keyRetire',
        targetType: 'manufacturer',
        targetId: row.manufacturerId,
        detail: { fingerprint: row.fingerprint },
        ip,
      });
    },
  };
}
