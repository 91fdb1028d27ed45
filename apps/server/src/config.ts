import path from 'node:path';
import { DONGLE_CONNECTS_PER_MINUTE, DONGLE_LIMITS_PER_MINUTE } from '@pvstar/contract/mqtt';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.join(': or ')}:`,
    });

/** Every setting the server reads, from the environment, with its default. */
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    MQTT_URL: url(['mqtt', 'mqtts', 'tcp', 'ws', 'wss']).optional(),
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
    /** Service credentials the cloud's own MQTT clients use (embedded broker or external one). */
    MQTT_SERVICE_USER: z.string().min(1).default('pvstar-service'),
    MQTT_SERVICE_PASSWORD: z.string().min(8).optional(),
    /** Names this ingest process's persistent MQTT session; give each ingest process its own. */
    INGEST_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/)
      .default('1'),
    /**
     * Seconds the external broker keeps an ingest process's persistent session (and queues messages for it)
     * after it disconnects (MQTT 5 Session Expiry Interval). An ingest process back within it loses nothing;
     * a retired one's queue stops growing after it (docs/operations.md, "MQTT broker: sessions").
     */
    MQTT_SESSION_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(604_800).default(900),
    /**
     * How long a batch of telemetry waits for company before it is written (ms). A batch costs about the
     * same whether it holds one message or forty, and at a fleet's pace (a message a minute per dongle)
     * messages come singly: the wait makes the cost per message fall with the fleet (docs/benchmarks.md,
     * "Fleet"), at the price of that much more publish-to-commit time.
     */
    INGEST_FLUSH_MS: z.coerce.number().int().min(1).max(2_000).default(250),
    /**
     * Batches committed side by side, each with plants of its own. Unset: 4 on PostgreSQL, 1 on PGlite (which
     * runs one statement at a time); see ingestLanes.
     */
    INGEST_LANES: z.coerce.number().int().min(1).max(16).optional(),
    /**
     * What one dongle may send a minute before ingest drops the rest of its minute and raises DGL-FLOOD:
     * messages of any topic, samples (devices × telemetry messages) and fault events. The defaults
     * (DONGLE_LIMITS_PER_MINUTE, docs/protocol.md "Limits") leave room for a backlog upload; each ingest
     * process counts on its own.
     */
    INGEST_DONGLE_MESSAGES_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .default(DONGLE_LIMITS_PER_MINUTE.messages),
    INGEST_DONGLE_SAMPLES_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .default(DONGLE_LIMITS_PER_MINUTE.samples),
    INGEST_DONGLE_EVENTS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .default(DONGLE_LIMITS_PER_MINUTE.events),
    /** Connects one dongle's client id may make a minute on the embedded broker; the next are refused (CONNACK 3). */
    MQTT_DONGLE_CONNECTS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(DONGLE_CONNECTS_PER_MINUTE),
    /**
     * Several ingest processes on one external broker share its load through this shared-subscription group
     * (`$share/<group>/…`). Unset: this process subscribes alone, and its persistent session keeps the
     * subscription across a restart of the broker; Mosquitto 2.0 does not keep shared ones (docs/operations.md).
     */
    INGEST_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/)
      .optional(),
    /**
     * Who keeps the dongles' credentials and the topic ACL on the external broker (MQTT_URL):
     * `dynsec`: PVSTAR provisions Mosquitto's dynamic-security plugin, signed in as its admin (MQTT_URL's user
     * and password); `external`: the operator's set-up (EMQX calling POST /mqtt/auth and /mqtt/acl).
     */
    MQTT_AUTH: z.enum(['external', 'dynsec']).default('external'),
    /** Enables POST /mqtt/auth and /mqtt/acl (EMQX's HTTP authentication and authorisation); EMQX sends it. */
    MQTT_HTTP_AUTH_SECRET: z.string().min(32).max(200).optional(),
    /** Per-IP limit per minute on /mqtt/auth and /mqtt/acl (the broker's address: every dongle's connect and topic). */
    MQTT_HTTP_AUTH_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(60_000),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    DEMO: bool.optional(),
    DEMO_PASSWORD: z.string().min(6).default('Demo1234'),
    /** Demo mode: how many simulated plants (spread over installers A and B, some owned by demo-owner). */
    DEMO_PLANTS: z.coerce.number().int().min(0).max(1000).default(20),
    /** Demo mode: seconds between the simulated dongles' telemetry messages. */
    DEMO_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** Demo mode: run the simulated dongles inside the server (false: demo plants and their history only). */
    DEMO_FLEET: bool.default(true),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().default('PVSTAR <no-reply@pvstar.local>'),
    APP_TITLE: z.string().min(1).max(40).default('PVSTAR'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the built web app lives; served at `/`. */
    WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /**
     * Days raw telemetry samples are kept; they expire by whole months (a month goes once all of it is older),
     * the daily and monthly energy roll-ups are kept for ever. At least 31: the day curves read the samples.
     */
    RAW_RETENTION_DAYS: z.coerce.number().int().min(31).max(36_500).default(400),
    /**
     * The under-performing alarm's share: a plant whose performance ratio against its neighbours stays below
     * it on three sunny days is alarmed (docs/alarms.md). 0.8: a fifth less than the plants around it.
     */
    UNDERPERFORMANCE_SHARE: z.coerce.number().min(0.3).max(0.99).default(0.8),
    /**
     * Grid CO₂ factors (kg/kWh) by country for the dashboard's CO₂ avoided, `DE=0.363,AT=0.15`: each replaces
     * or adds to the built-in ones (GRID_CO2_FACTORS in the contract, docs/dashboard.md).
     */
    GRID_CO2_FACTORS: z
      .string()
      .regex(/^[A-Z]{2}=\d{1,2}(\.\d{1,6})?(,[A-Z]{2}=\d{1,2}(\.\d{1,6})?)*$/, {
        message: 'must be like DE=0.363,AT=0.15 (country codes in capitals, kg CO₂ per kWh)',
      })
      .transform((v) => Object.fromEntries(v.split(',').map((p) => [p.slice(0, 2), Number(p.slice(3))])))
      .optional(),
    /** kg CO₂/kWh for plants in countries without a factor (default: GRID_CO2_DEFAULT, the world average). */
    GRID_CO2_DEFAULT: z.coerce.number().min(0).max(10).optional(),
    /** Per-IP limits per minute on sign-in style routes and on sending codes (a shared office NAT may need more). */
    LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    CODE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * API tokens' limits (docs/decisions/019-api-tokens.md): a new token's requests a day and a second unless
     * its creator sets others, and the most a creator may set.
     */
    API_TOKEN_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(10_000),
    API_TOKEN_PER_SECOND_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    API_TOKEN_MAX_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(100_000),
    API_TOKEN_MAX_PER_SECOND_LIMIT: z.coerce.number().int().min(1).max(100_000).default(50),
    /**
     * Per-IP limit per minute on the public plant page (GET /public/plant/:token and its /data, each): a wall
     * screen asks once a minute; many visitors behind one address (an office, a school) need more.
     */
    PUBLIC_PAGE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /**
     * The address dongles reach this server at (firmware download links). Default: http://127.0.0.1:PORT,
     * right for the embedded demo only.
     */
    PUBLIC_URL: url(['http', 'https']).optional(),
    /**
     * The maps' tile server, a Leaflet URL template (`{z}/{x}/{y}`, optionally `{s}`): absolute http(s) or a
     * path on this server; `none`: no tiles, the markers on a plain background. Its host is allowed in the CSP.
     */
    MAP_TILE_URL: z
      .string()
      .max(300)
      .refine(
        (v) =>
          v === 'none' ||
          (/^(https?:\/\/[^/\s]+\/|\/(?!\/))\S*$/.test(v) &&
            ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
        { message: 'must be none, or an http(s) URL or a path on this server with {z}, {x} and {y}' },
      )
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** The tiles' attribution (HTML), shown in the maps' corner; the tile server's licence asks for it. */
    MAP_TILE_ATTRIBUTION: z
      .string()
      .max(500)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
    /** Trust X-Forwarded-For from a proxy in front (for rate limits per IP). */
    TRUST_PROXY: bool.default(false),
    /**
     * Webhooks may target private, loopback and other internal addresses, and plain http (tests, closed
     * networks). Off: HTTPS to public addresses only, checked at registration and at every delivery.
     */
    WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  })
  .superRefine((c, issue) => {
    for (const [value, max] of [
      ['API_TOKEN_DAILY_LIMIT', 'API_TOKEN_MAX_DAILY_LIMIT'],
      ['API_TOKEN_PER_SECOND_LIMIT', 'API_TOKEN_MAX_PER_SECOND_LIMIT'],
    ] as const)
      if (c[value] > c[max])
        issue.addIssue({ code: 'custom', path: [value], message: `must not be above ${max} (${c[max]})` });
    if (c.MQTT_AUTH !== 'dynsec') return;
    const admin = c.MQTT_URL ? new URL(c.MQTT_URL) : null;
    if (!admin?.username || !admin.password)
      issue.addIssue({
        code: 'custom',
        path: ['MQTT_URL'],
        message:
          "MQTT_AUTH=dynsec needs the broker's URL with the dynamic-security admin's user and password",
      });
    if (!c.MQTT_SERVICE_PASSWORD)
      issue.addIssue({
        code: 'custom',
        path: ['MQTT_SERVICE_PASSWORD'],
        message: 'MQTT_AUTH=dynsec needs the password of the service account PVSTAR creates on the broker',
      });
  });

export type Config = z.infer<typeof ConfigSchema> & { demo: boolean; production: boolean };

/**
 * The CSP source that lets the browser load the tiles of MAP_TILE_URL: its scheme and host, a `{s}` sub-domain
 * as a wildcard; none for a path on this server or `none`.
 */
export function tileSource(tileUrl: string): string | null {
  const m = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!m) return null;
  const host = m[2]!.replace(/^\{[a-z]+\}(?=\.)/, '*');
  return host.includes('{') ? m[1]!.slice(0, -2) : `${m[1]}${host}`;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const production = parsed.data.NODE_ENV === 'production';
  // Demo mode (a password-less demo login, the demo tree) only where nobody deployed anything: the embedded
  // default. A database of its own (DATABASE_URL) means a real installation, whatever NODE_ENV says.
  const demo = parsed.data.DEMO ?? (!production && !parsed.data.DATABASE_URL);
  return { ...parsed.data, production, demo };
}
