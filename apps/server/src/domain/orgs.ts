import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import type { Caller } from './caller.ts';
import { orgInScope } from './scope.ts';

/**
 * An organisation in the caller's scope, or 404 (the same as one that does not exist). Organisations,
 * their employees and their plants all start from it, so it sits below those modules.
 */
export async function getScopedOrg(db: DbOrTx, caller: Caller, id: number) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!org || !orgInScope(caller, org)) throw notFound();
  return org;
}
