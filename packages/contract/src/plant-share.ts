import { z } from 'zod';
import { IdSchema } from './api.ts';
import { PlantStatusSchema } from './enums.ts';
import { PowerFlowSchema } from './plant-data.ts';
import { optionalText } from './validation.ts';

/**
 * A plant's public share links and the public plant page (kiosk) they open: `POST /station/share/…` for
 * the plant's managers, `GET /public/plant/:token` (and its `/data`) for anyone holding a link
 * (docs/decisions/021-public-plant-page.md).
 */

/** Characters of a share token: 32 random bytes in base64url (256 bits). */
export const SHARE_TOKEN_LENGTH = 43;
/** The leading characters of a token kept in the clear, so its manager can tell links apart. */
export const SHARE_TOKEN_PREFIX = 6;
/** The longest a link may be made to last (days from now). */
export const SHARE_MAX_DAYS = 3_650;
/** Days of the public page's daily-yield chart, ending today. */
export const PUBLIC_PLANT_DAYS = 30;
/** Seconds the public page's figures are kept (server) and cached (browsers, proxies); the page refreshes as often. */
export const PUBLIC_PLANT_MAX_AGE = 60;

export const ShareAddBodySchema = z.object({
  /** The plant. */
  stationId: IdSchema,
  /** What the manager calls the link ("lobby screen"). */
  label: optionalText(60),
  /** When the link stops working (ISO 8601 with offset); none: until revoked. Must be in the future. */
  expiresAt: z.string().datetime({ offset: true, message: 'validation.invalid' }).optional().nullable(),
});
export type ShareAddBody = z.infer<typeof ShareAddBodySchema>;

export const ShareRevokeBodySchema = z.object({ id: IdSchema });
export const SharePageBodySchema = z.object({ stationId: IdSchema });

export const SHARE_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** A link as its plant's managers see it: never the token, only its first characters. */
export const ShareRowSchema = z.object({
  id: z.number(),
  label: z.string().nullable(),
  /** The token's first SHARE_TOKEN_PREFIX characters. */
  tokenPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(SHARE_STATES),
});
export type ShareRow = z.infer<typeof ShareRowSchema>;

/** The new link: its token, shown this once (only its hash is stored), and the page's path. */
export const ShareAddResultSchema = z.object({
  id: z.number(),
  token: z.string(),
  /** `/public/plant/<token>`, to be put after the server's address. */
  path: z.string(),
});
export type ShareAddResult = z.infer<typeof ShareAddResultSchema>;

export const PublicPlantParamsSchema = z.object({ token: z.string().max(100) });
/** `lang` picks the language of the page's words (the place's name, messages) over the `lang` and Accept-Language headers. */
export const PublicPlantQuerySchema = z.object({ lang: z.string().max(35).optional() });

/** A day of the public page's chart (the plant's local day), generation in kWh. */
export const PublicPlantDaySchema = z.object({ day: z.string(), generation: z.number() });

/**
 * What the public page shows, and nothing more: no owner, organisation, address, coordinates, serial
 * numbers or ids. Energy in kWh, power in W (as the plant detail), CO₂ in kg; exact, rounded where shown.
 */
export const PublicPlantSchema = z.object({
  name: z.string(),
  /** Region and country in the visitor's language ("Bavaria, Germany"); null when the plant names none. */
  place: z.string().nullable(),
  /** The plant's time zone: its local day and times are shown in it, labelled. */
  timezone: z.string(),
  /** Today in the plant's time zone (YYYY-MM-DD). */
  day: z.string(),
  /** When these figures were worked out (ISO). */
  updatedAt: z.string(),
  status: PlantStatusSchema,
  /** kWp. */
  installedCapacity: z.number(),
  hasBattery: z.boolean(),
  /** Power now (W); the grid's sign: + bought, − fed in; the battery's: + discharging, − charging. */
  powerFlow: PowerFlowSchema,
  /** Generation (kWh): today, this month, total (the plant detail's total generation). */
  today: z.number(),
  month: z.number(),
  total: z.number(),
  /** CO₂ avoided (kg): the dashboard's rule applied to `total` (total × its country's grid factor). */
  co2AvoidedKg: z.number(),
  /** The grid factor used (kg CO₂/kWh). */
  co2KgPerKwh: z.number(),
  /** The last PUBLIC_PLANT_DAYS days, oldest first, today last; days without data are 0. */
  days: z.array(PublicPlantDaySchema),
});
export type PublicPlant = z.infer<typeof PublicPlantSchema>;
