import type { PageResult } from '@pvstar/contract/api';
import { PERM } from '@pvstar/contract/perm';
import {
  SHARE_MAX_DAYS,
  SHARE_TOKEN_PREFIX,
  type ShareAddBody,
  type ShareAddResult,
  type ShareRow,
  type ShareState,
} from '@pvstar/contract/plant-share';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { organizations, plantShareLinks, plants, users } from '../../db/schema/index.ts';
import type { Caller } from '../../domain/caller.ts';
import { plantScope, scopedPlant } from '../../domain/plants.ts';
import { audit } from '../../lib/audit.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { requireManager } from '../role/role-access.ts';

const DAY_MS = 86_400_000;

/** Where a link's page is, after the server's address. */
export const publicPath = (token: string) => `/public/plant/${token}`;

/** What state a link is in at `now`. */
export function shareState(
  link: { revokedAt: Date | null; expiresAt: Date | null },
  now = Date.now(),
): ShareState {
  if (link.revokedAt) return 'REVOKED';
  if (link.expiresAt && link.expiresAt.getTime() <= now) return 'EXPIRED';
  return 'ACTIVE';
}

export type PlantShareDeps = Pick<AppContext, 'db'>;

/**
 * A plant's public share links, for whoever may edit the plant (the edit button's code in a role of a
 * managing organisation, the plant in their scope): made with a 256-bit random token of which only the
 * SHA-256 is stored and that is answered once; revoked at once; listed without their tokens.
 */
export function createPlantShareService(deps: PlantShareDeps) {
  return { ...createPlantShareWrites(deps), ...createPlantShareReads(deps) };
}

/** Sharing a plant and revoking a share. */
function createPlantShareWrites(ctx: PlantShareDeps) {
  const { db } = ctx;
  return {
    async add(caller: Caller, body: ShareAddBody, ip: string): Promise<ShareAddResult> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, body.stationId);
      let expiresAt: Date | null = null;
      if (body.expiresAt) {
        expiresAt = new Date(body.expiresAt);
        const now = Date.now();
        if (expiresAt.getTime() <= now) throw invalidField('expiresAt', 'plantShare.expiryPast', 422);
        if (expiresAt.getTime() > now + SHARE_MAX_DAYS * DAY_MS)
          throw invalidField('expiresAt', 'plantShare.expiryTooFar', 422, { max: SHARE_MAX_DAYS });
      }
      const token = newToken();
      const label = body.label?.trim() || null;
      const [link] = await db
        .insert(plantShareLinks)
        .values({
          plantId: plant.id,
          tokenHash: sha256(token),
          tokenPrefix: token.slice(0, SHARE_TOKEN_PREFIX),
          label,
          createdBy: caller.userId,
          expiresAt,
        })
        .returning({ id: plantShareLinks.id });
      await audit(db, caller, {
        action: 'plantShare.add',
        targetType: 'plant',
        targetId: plant.id,
        // Never the token: the log is read by more people than the plant's managers.
        detail: {
          shareId: link!.id,
          tokenPrefix: token.slice(0, SHARE_TOKEN_PREFIX),
          label,
          expiresAt: expiresAt?.toISOString() ?? null,
        },
        ip,
      });
      return { id: link!.id, token, path: publicPath(token) };
    },

    /** Ends a link of a plant in the caller's scope (another plant's link answers 404); revoking twice is no error. */
    async revoke(caller: Caller, id: number, ip: string): Promise<void> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const [link] = await db
        .select({
          id: plantShareLinks.id,
          plantId: plantShareLinks.plantId,
          tokenPrefix: plantShareLinks.tokenPrefix,
          revokedAt: plantShareLinks.revokedAt,
        })
        .from(plantShareLinks)
        .innerJoin(plants, eq(plants.id, plantShareLinks.plantId))
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(and(eq(plantShareLinks.id, id), plantScope(caller)));
      if (!link) throw notFound();
      if (link.revokedAt) return;
      await db.update(plantShareLinks).set({ revokedAt: new Date() }).where(eq(plantShareLinks.id, link.id));
      await audit(db, caller, {
        action: 'plantShare.revoke',
        targetType: 'plant',
        targetId: link.plantId,
        detail: { shareId: link.id, tokenPrefix: link.tokenPrefix },
        ip,
      });
    },
  };
}

/** The shares of the plants in the caller's reach. */
function createPlantShareReads(ctx: PlantShareDeps) {
  const { db } = ctx;
  return {
    /** The plant's links, newest first, revoked and expired ones included. */
    async page(caller: Caller, stationId: number): Promise<PageResult<ShareRow>> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, stationId);
      const rows = await db
        .select({
          id: plantShareLinks.id,
          label: plantShareLinks.label,
          tokenPrefix: plantShareLinks.tokenPrefix,
          createdAt: plantShareLinks.createdAt,
          createdBy: users.username,
          expiresAt: plantShareLinks.expiresAt,
          revokedAt: plantShareLinks.revokedAt,
        })
        .from(plantShareLinks)
        .leftJoin(users, eq(users.id, plantShareLinks.createdBy))
        .where(eq(plantShareLinks.plantId, plant.id))
        .orderBy(desc(plantShareLinks.createdAt), desc(plantShareLinks.id));
      const now = Date.now();
      return {
        total: rows.length,
        list: rows.map((r) => ({
          id: r.id,
          label: r.label,
          tokenPrefix: r.tokenPrefix,
          createdAt: r.createdAt.toISOString(),
          createdBy: r.createdBy,
          expiresAt: r.expiresAt?.toISOString() ?? null,
          revokedAt: r.revokedAt?.toISOString() ?? null,
          state: shareState(r, now),
        })),
      };
    },
  };
}
