import type {
  DateType,
  DeviceStatus,
  EnergyFigure,
  InverterType,
  NetworkingMode,
  PlantStatus,
  StationType,
} from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import type { TFunction } from 'i18next';

/**
 * Labels of the monitoring enumerations (namespace `monitor`). Every key is spelled out so that the
 * unused-key check can see it.
 */
export const plantStatusLabel = (t: TFunction, status: PlantStatus): string =>
  ({
    OFFLINE: t('monitor:plantStatus.OFFLINE'),
    NORMAL: t('monitor:plantStatus.NORMAL'),
    WARNING: t('monitor:plantStatus.WARNING'),
    FAULT: t('monitor:plantStatus.FAULT'),
  })[status];

/** antd tag colours; the same colour per state everywhere (lists, KPIs, dashboard). */
export const PLANT_STATUS_COLOR: Record<PlantStatus, string> = {
  OFFLINE: 'default',
  NORMAL: 'success',
  WARNING: 'warning',
  FAULT: 'error',
};

export const deviceStatusLabel = (t: TFunction, status: DeviceStatus): string =>
  ({
    ONLINE: t('monitor:deviceStatus.ONLINE'),
    OFFLINE: t('monitor:deviceStatus.OFFLINE'),
    NOT_CONNECTED: t('monitor:deviceStatus.NOT_CONNECTED'),
    FAULT: t('monitor:deviceStatus.FAULT'),
    ABNORMAL: t('monitor:deviceStatus.ABNORMAL'),
  })[status];

export const DEVICE_STATUS_COLOR: Record<DeviceStatus, string> = {
  ONLINE: 'success',
  OFFLINE: 'default',
  NOT_CONNECTED: 'processing',
  FAULT: 'error',
  ABNORMAL: 'warning',
};

export const stationTypeLabel = (t: TFunction, type: StationType): string =>
  ({
    ENERGY_STORAGE: t('monitor:stationType.ENERGY_STORAGE'),
    PHOTOVOLTAIC: t('monitor:stationType.PHOTOVOLTAIC'),
    BALCONY_PHOTOVOLTAICS: t('monitor:stationType.BALCONY_PHOTOVOLTAICS'),
  })[type];

export const inverterTypeLabel = (t: TFunction, type: InverterType): string =>
  type === 'SINGLE_PHASE' ? t('monitor:inverterType.SINGLE_PHASE') : t('monitor:inverterType.THREE_PHASE');

/** The seed names the modes "WiFi" and "Ethernet" in every language: technology names, not words. */
export const networkingModeLabel = (mode: NetworkingMode): string => (mode === 'WIFI' ? 'WiFi' : 'Ethernet');

/** Device kinds of the catalogue, plus the dongle (a data collector, not a telemetry device). */
export const deviceKindLabel = (t: TFunction, kind: DeviceKind | 'DONGLE'): string =>
  ({
    DONGLE: t('monitor:deviceKind.DONGLE'),
    INVERTER: t('monitor:deviceKind.INVERTER'),
    BATTERY: t('monitor:deviceKind.BATTERY'),
    METER: t('monitor:deviceKind.METER'),
    EV_CHARGER: t('monitor:deviceKind.EV_CHARGER'),
    HEAT_PUMP: t('monitor:deviceKind.HEAT_PUMP'),
  })[kind];

export const dateTypeLabel = (t: TFunction, type: DateType): string =>
  ({
    date: t('monitor:dateType.date'),
    month: t('monitor:dateType.month'),
    year: t('monitor:dateType.year'),
    total: t('monitor:dateType.total'),
  })[type];

export const energyFigureLabel = (t: TFunction, figure: EnergyFigure): string =>
  ({
    generation: t('monitor:figure.generation'),
    consumption: t('monitor:figure.consumption'),
    charge: t('monitor:figure.charge'),
    discharge: t('monitor:figure.discharge'),
    feedIn: t('monitor:figure.feedIn'),
    purchase: t('monitor:figure.purchase'),
    selfConsumption: t('monitor:figure.selfConsumption'),
    selfSufficiency: t('monitor:figure.selfSufficiency'),
    revenue: t('monitor:figure.revenue'),
  })[figure];
