import type { Endpoint } from '../endpoint.ts';
import { audit } from './audit.ts';
import { menu } from './menu.ts';
import { org } from './org.ts';
import { owner } from './owner.ts';
import { plant } from './plant.ts';
import { role } from './role.ts';
import { user } from './user.ts';

/**
 * Every domain's endpoint table. The server serves exactly these (apps/server/src/http/endpoint-table.test.ts);
 * the web imports the domain files it calls, not this index.
 */
export const API = { plant, org, user, role, menu, audit, owner } as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((table) => Object.values(table));
