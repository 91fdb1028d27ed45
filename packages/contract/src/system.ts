import { z } from 'zod';

/**
 * The public configuration: the configured title and whether the demo account is offered; the embedded
 * broker's port only for the provider's administrators (set-up scripts and browser tests connect with it).
 */
export const PublicConfigSchema = z.object({
  appTitle: z.string(),
  demo: z.boolean(),
  mqttPort: z.number().int().optional(),
  /** The maps' tile server (MAP_TILE_URL, a Leaflet URL template); null: no tiles, a plain background. */
  mapTileUrl: z.string().nullable(),
  /** The tiles' attribution (HTML, the operator's setting MAP_TILE_ATTRIBUTION). */
  mapTileAttribution: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** The liveness probe's answer: the process serves requests. */
export const HealthSchema = z.object({ status: z.literal('up') });
export type Health = z.infer<typeof HealthSchema>;

/** The readiness probe's answer, 200 or 503: which of the server's dependencies answer. */
export const ReadinessSchema = z.object({
  database: z.boolean(),
  broker: z.boolean(),
  /** Demo mode only: whether the simulated plants' past is filled in (it arrives in the background). */
  demoHistory: z.boolean().optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
