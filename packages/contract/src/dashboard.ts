import { z } from 'zod';
import { AlarmLevelSchema, DeviceStatusSchema, PlantStatusSchema, StationTypeSchema } from './enums.ts';
import { DeviceKindSchema } from './metrics.ts';

/** How many ongoing alarms the dashboard lists. */
export const DASHBOARD_RECENT_ALERTS = 8;

/**
 * Social contribution factors (docs/dashboard.md says where they come from). Declared once: the server
 * multiplies with them and sends them along, so the web can show what a figure is based on.
 * - coal: kg of standard coal equivalent saved per kWh generated;
 * - CO2: kg of CO2 not emitted per kWh generated;
 * - trees: kg of CO2 one mature tree absorbs in a year (trees = CO2 / this).
 */
export const SOCIAL_FACTORS = {
  coalKgPerKwh: 0.4,
  co2KgPerKwh: 0.997,
  co2KgPerTreeYear: 21.8,
} as const;

export const SocialFactorsSchema = z.object({
  coalKgPerKwh: z.number(),
  co2KgPerKwh: z.number(),
  co2KgPerTreeYear: z.number(),
});
export type SocialFactors = z.infer<typeof SocialFactorsSchema>;

/** Tonnes of coal and CO2 and the number of trees for a generation in kWh. */
export function socialContribution(generationKwh: number, f: SocialFactors = SOCIAL_FACTORS) {
  const co2Kg = generationKwh * f.co2KgPerKwh;
  return {
    coalSavedT: (generationKwh * f.coalKgPerKwh) / 1000,
    co2ReducedT: co2Kg / 1000,
    trees: co2Kg / f.co2KgPerTreeYear,
  };
}

/** How many plants the dashboard lists (the ones with the highest power now). */
export const DASHBOARD_TOP_PLANTS = 10;
/** Days of the generation trend, ending today (SPEC §10). */
export const DASHBOARD_TREND_DAYS = 365;

const count = z.number().int().nonnegative();

export const PlantStatusCountsSchema = z.object({
  OFFLINE: count,
  NORMAL: count,
  WARNING: count,
  FAULT: count,
});
export type PlantStatusCounts = z.infer<typeof PlantStatusCountsSchema>;

export const TrendDaySchema = z.object({
  /** Local calendar day of the plants, YYYY-MM-DD. */
  day: z.string(),
  generation: z.number(),
  consumption: z.number(),
});
export type TrendDay = z.infer<typeof TrendDaySchema>;

/** One of the newest ongoing alarms in scope, as the dashboard lists them. */
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
 * (docs/energy.md), so generation ≈ selfConsumption + feedIn (+ the battery's net charge and losses);
 * consumption ≈ selfConsumption + purchase.
 */
export const EnergyPieSchema = z.object({
  generation: z.number(),
  selfConsumption: z.number(),
  feedIn: z.number(),
  purchase: z.number(),
  consumption: z.number(),
});
export type EnergyPie = z.infer<typeof EnergyPieSchema>;

/** Latest power (W) summed over the scope's inverters that are reporting; signs as in metrics.ts. */
export const PowerFlowSchema = z.object({
  pvPower: z.number(),
  /** Positive = buying from the grid, negative = feeding in. */
  gridPower: z.number(),
  loadPower: z.number(),
  /** Positive = discharging, negative = charging. */
  batteryPower: z.number(),
  /** Inverters whose latest values are summed (status ONLINE, ABNORMAL or FAULT). */
  inverterCount: count,
});
export type PowerFlow = z.infer<typeof PowerFlowSchema>;

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
  /** AC output of its reporting inverters now (W). */
  power: z.number(),
  todayGeneration: z.number(),
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
  totalGeneration: z.number(),
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
  /** The newest ongoing alarms in scope (at most DASHBOARD_RECENT_ALERTS). */
  recentAlerts: z.array(RecentAlertSchema),
  social: z.object({
    coalSavedT: z.number(),
    co2ReducedT: z.number(),
    trees: z.number(),
    factors: SocialFactorsSchema,
  }),
  powerFlow: PowerFlowSchema,
  pie: z.object({ today: EnergyPieSchema, total: EnergyPieSchema }),
  /** The DASHBOARD_TOP_PLANTS plants with the highest power now, with their devices by kind and status. */
  plants: z.array(DashboardPlantSchema),
  /** When the figures were read (ISO). */
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
