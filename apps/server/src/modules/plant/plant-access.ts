import type { OrgType } from '@pvstar/contract/enums';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';
import { loadGrants } from '../auth/session.ts';

/** Organisation types that manage plants; guests and owners only look. */
export const MANAGING_TYPES: OrgType[] = ['PROVIDER', 'DEALER', 'INSTALLER'];

/**
 * Changing plants (and uploading their pictures) needs one of the codes from a role of a managing
 * type. The guest and owner roles are view-only by definition, yet they hold the add page's code,
 * because pages count among the "view" codes those roles are given.
 */
export async function requireManager(db: Db, caller: Caller, codes: readonly string[]) {
  const { rolePermList } = await loadGrants(db, caller.userId);
  const allowed = rolePermList.some(
    (r) => MANAGING_TYPES.includes(r.roleType) && codes.some((c) => r.permList.includes(c)),
  );
  if (!allowed) throw forbidden();
}
