import type { Endpoint } from '../endpoint.ts';
import { alarm } from './alarm.ts';
import { basicDevice } from './basic-device.ts';
import { dashboard } from './dashboard.ts';
import { device } from './device.ts';
import { faultCode } from './fault-code.ts';
import { plant } from './plant.ts';
import { remote } from './remote.ts';

/**
 * Every domain's endpoint table. The server serves exactly these (apps/server/src/http/endpoint-table.test.ts);
 * the web imports the domain files it calls, not this index.
 */
export const API = { plant, device, alarm, faultCode, basicDevice, remote, dashboard } as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((table) => Object.values(table));
