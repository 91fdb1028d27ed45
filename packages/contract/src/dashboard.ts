import { z } from 'zod';
import { AlarmLevelSchema, DeviceStatusSchema, PlantStatusSchema, StationTypeSchema } from './enums.ts';
import { DeviceKindSchema } from './metrics.ts';
import { PlantStatusCountsSchema, PowerFlowSchema, SpecificYieldsSchema } from './plant-data.ts';

/** How many alarms the dashboard lists (ongoing first, then ended). */
export const DASHBOARD_RECENT_ALERTS = 8;

/**
 * A grid's CO₂ emission factor: kg of CO₂ per kWh of electricity taken from it, which a kWh of PV is taken
 * to replace, with the publication and the year the figure is for (docs/dashboard.md "Social contribution").
 */
export const GridFactorSchema = z.object({
  kgPerKwh: z.number(),
  /** The publication; null when the deployment set the factor itself (GRID_CO2_FACTORS, GRID_CO2_DEFAULT). */
  source: z.string().nullable(),
  /** The year the factor describes; null when set by the deployment. */
  year: z.number().int().nullable(),
});
export type GridFactor = z.infer<typeof GridFactorSchema>;

/**
 * Grid factors by country (ISO 3166-1 alpha-2), each the average emission of its electricity mix in the
 * year named, without upstream chains. Entered from the publications as remembered at the time of writing;
 * a deployment corrects or extends them with GRID_CO2_FACTORS (docs/operations.md).
 */
export const GRID_CO2_FACTORS: Readonly<Record<string, GridFactor>> = {
  DE: {
    kgPerKwh: 0.38,
    source:
      'Umweltbundesamt: Entwicklung der spezifischen Treibhausgas-Emissionen des deutschen Strommix 1990–2023',
    year: 2023,
  },
  AT: {
    kgPerKwh: 0.227,
    source: 'OIB-Richtlinie 6 (2019), Konversionsfaktor Strom-Liefermix, nach Daten des Umweltbundesamts',
    year: 2019,
  },
  NL: {
    kgPerKwh: 0.33,
    source: 'CBS: Rendementen en CO2-emissie van elektriciteitsproductie in Nederland, update 2022',
    year: 2022,
  },
};

/** Plants in countries without a factor of their own: the world average of electricity generation. */
export const GRID_CO2_DEFAULT: GridFactor = {
  kgPerKwh: 0.48,
  source: 'Ember: Global Electricity Review 2024 (world average)',
  year: 2023,
};

/** kg of CO₂ one mature tree takes up in a year: tree-years = kg CO₂ ÷ this (docs/dashboard.md). */
export const CO2_KG_PER_TREE_YEAR = 21.8;

/** The lifetime generation of the plants in scope under one grid factor: a country's, or the default. */
export const GridShareSchema = GridFactorSchema.extend({
  /** null: the plants of every country without a factor of its own (and without a country). */
  countryCode: z.string().nullable(),
  plantCount: z.number().int().nonnegative(),
  /** kWh. */
  generation: z.number(),
});
export type GridShare = z.infer<typeof GridShareSchema>;

/** Tonnes of CO₂ avoided and tree-years for generations under their grid factors. */
export function socialContribution(shares: { generation: number; kgPerKwh: number }[]) {
  const co2Kg = shares.reduce((sum, s) => sum + s.generation * s.kgPerKwh, 0);
  return { co2ReducedT: co2Kg / 1000, treeYears: co2Kg / CO2_KG_PER_TREE_YEAR };
}

/** How many plants the dashboard lists (the ones with the highest power now). */
export const DASHBOARD_TOP_PLANTS = 10;
/** Days of the generation trend, ending today (requirements §R4.1). */
export const DASHBOARD_TREND_DAYS = 365;

const count = z.number().int().nonnegative();

export const TrendDaySchema = z.object({
  /** Local calendar day of the plants, YYYY-MM-DD. */
  day: z.string(),
  generation: z.number(),
  consumption: z.number(),
});
export type TrendDay = z.infer<typeof TrendDaySchema>;

/** One of the latest alarms in scope, as the dashboard lists them. */
export const RecentAlertSchema = z.object({
  id: z.number(),
  plantId: z.number(),
  stationName: z.string(),
  /** The plant's time zone: times are shown in it, as in the alert center. */
  timezone: z.string(),
  deviceSn: z.string().nullable(),
  faultCode: z.string(),
  /** The alarm message in the reader's language. */
  faultName: z.string(),
  level: AlarmLevelSchema,
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
});
export type RecentAlert = z.infer<typeof RecentAlertSchema>;

/**
 * Yield vs consumption (kWh): selfConsumption = max(generation − feedIn − charge + discharge, 0)
 * (docs/energy.md). The consumption pie's parts: selfConsumption + purchase ≈ consumption. The yield
 * pie's parts sum to generation: yieldSelfConsumed + yieldFedIn + batteryRetained (see yieldParts).
 */
export const EnergyPieSchema = z.object({
  generation: z.number(),
  selfConsumption: z.number(),
  feedIn: z.number(),
  /**
   * The yield pie's "self-consumed" part: min(selfConsumption, generation − yieldFedIn). When the battery
   * gives back more than it took in the period (at night, on a dull morning), self-consumption includes
   * energy generated on earlier days; that belongs to the consumption pie, not to this period's yield.
   */
  yieldSelfConsumed: z.number(),
  /** The yield pie's "fed in" part: min(feedIn, generation) (a battery may feed in at night). */
  yieldFedIn: z.number(),
  /**
   * max(generation − selfConsumption − feedIn, 0): PV that went into the battery and has not come out in
   * the period (still stored) or was lost in charging and discharging; 0 without a battery.
   */
  batteryRetained: z.number(),
  purchase: z.number(),
  consumption: z.number(),
});
export type EnergyPie = z.infer<typeof EnergyPieSchema>;

/**
 * A plant's power flow summed over the scope's inverters that are reporting (W; signs as a plant's):
 * `ts` is the newest of the summed values, null when no inverter reports now; PV power is the plant
 * list's "power now" (docs/energy.md). No state of charge: it is a plant's, not a sum.
 */
export const FleetPowerFlowSchema = PowerFlowSchema.pick({
  ts: true,
  pvPower: true,
  gridPower: true,
  loadPower: true,
  batteryPower: true,
}).extend({
  /** Inverters whose latest values describe now and are summed (docs/energy.md "Power now"). */
  inverterCount: count,
});
export type FleetPowerFlow = z.infer<typeof FleetPowerFlowSchema>;

export const DeviceGroupSchema = z.object({
  kind: DeviceKindSchema,
  total: count,
  byStatus: z.record(DeviceStatusSchema, count),
});
export type DeviceGroup = z.infer<typeof DeviceGroupSchema>;

export const DashboardPlantSchema = z.object({
  id: z.number(),
  stationNo: z.string(),
  stationName: z.string(),
  type: StationTypeSchema,
  status: PlantStatusSchema,
  installedCapacity: z.number(),
  /** PV power now (W; docs/energy.md "Power now"): the plant list's figure. */
  power: z.number(),
  todayGeneration: z.number(),
  /** kWh/kWp of its local today; null without capacity. */
  todayYield: z.number().nullable(),
  deviceGroups: z.array(DeviceGroupSchema),
});
export type DashboardPlant = z.infer<typeof DashboardPlantSchema>;

export const RevenueByCurrencySchema = z.object({
  currency: z.string(),
  plantCount: count,
  today: z.number(),
  total: z.number(),
});

export const DashboardSchema = z.object({
  /** Plants in FAULT now. */
  faultCount: count,
  /** Ongoing alarms in scope (the fault card shows both). */
  alarmCount: count,
  plantCount: count,
  /** kWp of PV. */
  installedCapacity: z.number(),
  /** kWh of storage. */
  energyStorage: z.number(),
  /** kWh, each plant's own local today. */
  todayGeneration: z.number(),
  /** kWh, the sum of the plants' stored days (docs/energy.md "Total generation"). */
  totalGeneration: z.number(),
  /**
   * Fleet specific yield (kWh/kWp): the plants' generation of today, this month and this year (each
   * plant's own calendar) ÷ the installed capacity of the plants in scope; null without capacity.
   */
  specificYield: SpecificYieldsSchema,
  /**
   * The currency of todayRevenue/totalRevenue: the one most plants in scope use (ties: alphabetical);
   * null without plants. Other currencies are not converted: see revenueByCurrency.
   */
  currency: z.string().nullable(),
  todayRevenue: z.number(),
  totalRevenue: z.number(),
  revenueByCurrency: z.array(RevenueByCurrencySchema),
  statusCounts: PlantStatusCountsSchema,
  /** DASHBOARD_TREND_DAYS entries, oldest first, zero-filled, the last one is today. */
  trend: z.array(TrendDaySchema),
  /**
   * The latest alarms in scope (at most DASHBOARD_RECENT_ALERTS): the ongoing ones, newest first, then
   * the ended ones, newest first.
   */
  recentAlerts: z.array(RecentAlertSchema),
  /**
   * CO₂ avoided: the sum over the plants of their stored generation × their country's grid factor; and
   * the trees that would take it up in a year (tree-years). `grids` says which factor covered how much.
   */
  social: z.object({
    co2ReducedT: z.number(),
    treeYears: z.number(),
    co2KgPerTreeYear: z.number(),
    grids: z.array(GridShareSchema),
  }),
  powerFlow: FleetPowerFlowSchema,
  pie: z.object({ today: EnergyPieSchema, total: EnergyPieSchema }),
  /** The DASHBOARD_TOP_PLANTS plants with the highest power now, with their devices by kind and status. */
  plants: z.array(DashboardPlantSchema),
  /** When the figures were read (ISO). */
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
