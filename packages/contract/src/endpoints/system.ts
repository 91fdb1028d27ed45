import type { SendCodeBodySchema } from '../auth.ts';
import type { Area, AreaQueryBodySchema, CrcEntry, Unit } from '../dict.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import type { Health, PublicConfig, Readiness } from '../system.ts';

type NoRequest = Record<never, never>;
const anyone = { public: true } as const;

/** What the server offers everyone: its probes, its public configuration, verification codes, dictionaries. */
export const system = endpoints('system', {
  /** The liveness probe. */
  health: get<NoRequest, Health>('/health', anyone, 'Liveness probe'),
  /** The readiness probe: 503, with the same envelope, while the database or the broker does not answer. */
  ready: get<NoRequest, Readiness>('/ready', anyone, 'Readiness probe'),
  publicConfig: get<NoRequest, PublicConfig>('/system/config', anyone, 'Get the public configuration'),
  /** Sends a verification code; the same answer whether an account exists or not. */
  sendCode: post<{ body: In<typeof SendCodeBodySchema> }>(
    '/system/smsEmail/send',
    anyone,
    'Send a verification code',
  ),
  /** The language areas with their phone codes. */
  listLangAreas: get<NoRequest, CrcEntry[]>('/system/crc/selectAll', anyone, 'List language areas'),
  /** The regions under a country ("0": the countries). */
  listAreas: post<{ body: In<typeof AreaQueryBodySchema> }, Area[]>(
    '/system/area/getBysuperiorCode',
    anyone,
    'List regions',
  ),
  listUnits: get<NoRequest, Unit[]>('/system/unit/getAllUnit', anyone, 'List units'),
});
