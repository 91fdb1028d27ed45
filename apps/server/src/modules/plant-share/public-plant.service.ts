import { socialContribution } from '@pvstar/contract/dashboard';
import { exactFigure } from '@pvstar/contract/figures';
import type { Lang } from '@pvstar/contract/lang';
import {
  PUBLIC_PLANT_DAYS,
  PUBLIC_PLANT_MAX_AGE,
  type PublicPlant,
  SHARE_TOKEN_LENGTH,
} from '@pvstar/contract/plant-share';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { plantShareLinks, plants } from '../../db/schema/index.ts';
import { addDays } from '../../domain/calendar.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { gridFactors, gridShares } from '../dashboard/grid-factors.ts';
import { areaNames } from '../plant/plant-area.ts';
import { createPlantDataService, type PlantRecord } from '../plant/plant-data.service.ts';

/** A token as made (32 random bytes, base64url): anything else is not looked up. */
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${SHARE_TOKEN_LENGTH}}$`);
/** Plants whose figures are kept at most (a few kiosks each; the oldest is dropped first). */
const MAX_CACHED = 2_000;

/** The one answer for a token that never existed, was revoked or has expired: nothing tells them apart. */
export const pageUnavailable = () => new AppError(404, 'plantShare.unavailable');

type Figures = Omit<PublicPlant, 'place'>;
interface Cached {
  at: number;
  figures: Promise<Figures>;
  /** The place's name by language, worked out with the figures' first asker of that language. */
  places: Map<Lang, Promise<string | null>>;
}

/**
 * The public plant page's content: a live link's plant, its figures by the plant detail's own functions
 * (overview and daily energy, modules/plant/plant-data.service.ts) and the dashboard's CO₂ rule applied to
 * the total it shows, all exact (the page rounds each once, as every page does), kept per plant for
 * PUBLIC_PLANT_MAX_AGE seconds (a kiosk on a wall and a viral link cost one computation a minute).
 * Only what the page shows is copied out of the plant: never its owner, organisation, address,
 * coordinates, serial numbers or ids.
 */
export function createPublicPlantService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;
  const data = createPlantDataService(ctx);
  const factors = gridFactors(ctx.config);
  const cache = new Map<number, Cached>();

  /** The plant of a live link (not revoked, not expired), or the page's 404. */
  async function plantOfToken(token: string): Promise<PlantRecord> {
    if (!TOKEN.test(token)) throw pageUnavailable();
    const [row] = await db
      .select({ plant: plants })
      .from(plantShareLinks)
      .innerJoin(plants, eq(plants.id, plantShareLinks.plantId))
      .where(
        and(
          eq(plantShareLinks.tokenHash, sha256(token)),
          isNull(plantShareLinks.revokedAt),
          or(isNull(plantShareLinks.expiresAt), gt(plantShareLinks.expiresAt, new Date())),
        ),
      );
    if (!row) throw pageUnavailable();
    return row.plant;
  }

  async function figuresOf(plant: PlantRecord): Promise<Figures> {
    const overview = await data.overviewOf(plant);
    const energy = await data.energyOf(plant, {
      dateType: 'date',
      from: addDays(overview.day, -(PUBLIC_PLANT_DAYS - 1)),
      to: overview.day,
    });
    // The dashboard's rule (docs/dashboard.md "Social contribution"), applied to the total the page shows
    // (the plant's total generation, its inverters' counters): under the grid factor of its country.
    const total = overview.lifetime.generation;
    const [share] = gridShares(factors, [{ country: plant.countryCode, plants: 1, generation: total }]);
    const { co2ReducedT } = socialContribution(share ? [share] : []);
    const { ts, pvPower, gridPower, loadPower, batteryPower, soc, evPower, heatPumpPower } =
      overview.powerFlow;
    return {
      name: plant.name,
      timezone: overview.timezone,
      day: overview.day,
      updatedAt: new Date().toISOString(),
      status: overview.status,
      installedCapacity: overview.installedCapacity,
      hasBattery: overview.hasBattery,
      powerFlow: {
        ts,
        pvPower,
        gridPower,
        loadPower,
        batteryPower,
        soc,
        ...(evPower === undefined ? {} : { evPower }),
        ...(heatPumpPower === undefined ? {} : { heatPumpPower }),
      },
      today: overview.today.generation,
      month: overview.month.generation,
      total,
      co2AvoidedKg: exactFigure(co2ReducedT * 1000),
      co2KgPerKwh: share?.kgPerKwh ?? factors.fallback.kgPerKwh,
      days: energy.rows.map((r) => ({ day: r.period, generation: r.generation })),
    };
  }

  /** Region and country, coarsest last ("Bavaria, Germany"): never the street, postcode or town. */
  async function placeOf(plant: PlantRecord, lang: Lang): Promise<string | null> {
    const { regionNames } = await areaNames(db, lang, plant.countryCode, plant.regionCode);
    return regionNames.length ? [...regionNames].reverse().join(', ') : null;
  }

  /** The plant's cache entry, fresh (at most PUBLIC_PLANT_MAX_AGE seconds old). */
  function entryOf(plant: PlantRecord): Cached {
    const now = Date.now();
    const found = cache.get(plant.id);
    if (found && now - found.at < PUBLIC_PLANT_MAX_AGE * 1000) return found;
    const entry: Cached = { at: now, figures: figuresOf(plant), places: new Map() };
    // A failed computation is not kept: the next visitor tries again.
    entry.figures.catch(() => {
      if (cache.get(plant.id) === entry) cache.delete(plant.id);
    });
    cache.delete(plant.id);
    cache.set(plant.id, entry);
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    return entry;
  }

  return {
    /** Throws the page's 404 unless the token is a live link. */
    plantOfToken,

    async get(token: string, lang: Lang): Promise<PublicPlant> {
      const plant = await plantOfToken(token);
      const entry = entryOf(plant);
      let place = entry.places.get(lang);
      if (!place) {
        place = placeOf(plant, lang);
        entry.places.set(lang, place);
      }
      const [figures, placeName] = await Promise.all([entry.figures, place]);
      return { ...figures, place: placeName };
    },
  };
}
