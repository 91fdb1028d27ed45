import type { Endpoint } from '../endpoint.ts';
import { alarm } from './alarm.ts';
import { apiToken } from './api-token.ts';
import { audit } from './audit.ts';
import { auth } from './auth.ts';
import { basicDevice } from './basic-device.ts';
import { commissioning, consent, invitation } from './commissioning.ts';
import { dashboard } from './dashboard.ts';
import { device } from './device.ts';
import { faultCode } from './fault-code.ts';
import { file } from './file.ts';
import { firmware } from './firmware.ts';
import { menu } from './menu.ts';
import { mqttAuth } from './mqtt-auth.ts';
import { org } from './org.ts';
import { owner } from './owner.ts';
import { plant } from './plant.ts';
import { plantShare, publicPlant } from './plant-share.ts';
import { readingQuality } from './reading-quality.ts';
import { remote } from './remote.ts';
import { report } from './report.ts';
import { role } from './role.ts';
import { system } from './system.ts';
import { tariff } from './tariff.ts';
import { upgrade } from './upgrade.ts';
import { user } from './user.ts';
import { webhook } from './webhook.ts';

/**
 * Every domain's endpoint table. The server serves exactly these (apps/server/src/http/endpoint-table.test.ts);
 * the web imports the domain files it calls, not this index.
 */
export const API = {
  alarm,
  apiToken,
  audit,
  auth,
  basicDevice,
  commissioning,
  consent,
  dashboard,
  device,
  faultCode,
  file,
  firmware,
  invitation,
  menu,
  mqttAuth,
  org,
  owner,
  plant,
  plantShare,
  publicPlant,
  readingQuality,
  remote,
  report,
  role,
  system,
  tariff,
  upgrade,
  user,
  webhook,
} as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((table) => Object.values(table));
