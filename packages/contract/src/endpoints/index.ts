import type { Endpoint } from '../endpoint.ts';
import { auth } from './auth.ts';
import { plant } from './plant.ts';
import { system } from './system.ts';

/**
 * Every domain's endpoint table. The server serves exactly these (apps/server/src/http/endpoint-table.test.ts);
 * the web imports the domain files it calls, not this index.
 */
export const API = { auth, plant, system } as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((table) => Object.values(table));
