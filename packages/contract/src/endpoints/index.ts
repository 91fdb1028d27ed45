import type { Endpoint } from '../endpoint.ts';
import { file } from './file.ts';
import { firmware } from './firmware.ts';
import { mqttAuth } from './mqtt-auth.ts';
import { plant } from './plant.ts';
import { report } from './report.ts';
import { upgrade } from './upgrade.ts';

/**
 * Every domain's endpoint table. The server serves exactly these (apps/server/src/http/endpoint-table.test.ts);
 * the web imports the domain files it calls, not this index.
 */
export const API = { plant, firmware, upgrade, report, file, mqttAuth } as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((table) => Object.values(table));
