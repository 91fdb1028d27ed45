import type { StationType } from '@pvstar/contract/enums';
import type { StationAddBody, StationDetail } from '@pvstar/contract/station';
import dayjs, { type Dayjs } from 'dayjs';

type DeviceForm = {
  sn?: string;
  inverterType?: string;
  ratedPower?: number | null;
  manufacturer?: string;
  model?: string;
  deviceAddress?: number | null;
};
export interface PlantFormValues {
  stationName: string;
  stationType: StationType;
  installedCapacity: number;
  energyStorage?: number | null;
  gridConnectionTime?: Dayjs | null;
  buildDate?: Dayjs | null;
  angleOfRoll?: number | null;
  azimuth?: number | null;
  onlineElectrovalence?: number | null;
  buyElectrovalence?: number | null;
  currency: string;
  stationPicture?: string | null;
  orgId?: number;
  countryCode: string;
  regionCode?: string | null;
  detailAddress?: string;
  latitude: number;
  longitude: number;
  timezone?: string;
  devices: {
    dongles: {
      sn?: string;
      networkingMode: 'WIFI' | 'ETHERNET';
      inverters?: DeviceForm[];
      batteries?: DeviceForm[];
      meters?: DeviceForm[];
    }[];
  };
  ownerName?: string;
  contactType?: 'MOBILE' | 'EMAIL' | null;
  contactInformation?: string;
}

export const blank = (v: string | null | undefined) => v?.trim() || null;

/** The request body from the form: dates as days, blanks as null, the owner group all or nothing. */
export function toBody(v: PlantFormValues): StationAddBody {
  const hasOwner = !!blank(v.ownerName) || !!blank(v.contactInformation);
  return {
    stationName: v.stationName.trim(),
    stationType: v.stationType,
    installedCapacity: v.installedCapacity,
    energyStorage: v.energyStorage ?? null,
    gridConnectionTime: v.gridConnectionTime ? v.gridConnectionTime.format('YYYY-MM-DD') : null,
    buildDate: v.buildDate ? v.buildDate.format('YYYY-MM-DD') : null,
    angleOfRoll: v.angleOfRoll ?? null,
    azimuth: v.azimuth ?? null,
    onlineElectrovalence: v.onlineElectrovalence ?? null,
    buyElectrovalence: v.buyElectrovalence ?? null,
    currency: v.currency,
    stationPicture: v.stationPicture || null,
    orgId: v.orgId ?? null,
    countryCode: v.countryCode,
    regionCode: v.regionCode || null,
    detailAddress: blank(v.detailAddress),
    latitude: v.latitude,
    longitude: v.longitude,
    timezone: v.timezone || null,
    devices: {
      dongles: (v.devices?.dongles ?? []).map((d) => ({
        sn: d.sn ?? '',
        networkingMode: d.networkingMode,
        inverters: (d.inverters ?? []).map((x) => ({
          sn: x.sn ?? '',
          inverterType: x.inverterType as 'SINGLE_PHASE',
          ratedPower: x.ratedPower ?? null,
          deviceAddress: x.deviceAddress ?? null,
        })),
        batteries: (d.batteries ?? []).map((x) => ({
          sn: x.sn ?? '',
          manufacturer: blank(x.manufacturer),
          model: blank(x.model),
          deviceAddress: x.deviceAddress ?? null,
        })),
        meters: (d.meters ?? []).map((x) => ({ sn: x.sn ?? '', deviceAddress: x.deviceAddress ?? null })),
      })),
    },
    ownerName: hasOwner ? blank(v.ownerName) : null,
    contactType: hasOwner ? (v.contactType ?? null) : null,
    contactInformation: hasOwner ? blank(v.contactInformation) : null,
  };
}

/** The form's values of a stored plant (the contact stays empty: it is shown masked and kept unless retyped). */
export function fromDetail(p: StationDetail): Partial<PlantFormValues> {
  return {
    stationName: p.stationName,
    stationType: p.stationType,
    installedCapacity: p.installedCapacity,
    energyStorage: p.energyStorage,
    gridConnectionTime: p.gridConnectionTime ? dayjs(p.gridConnectionTime) : null,
    buildDate: p.buildDate ? dayjs(p.buildDate) : null,
    angleOfRoll: p.angleOfRoll,
    azimuth: p.azimuth,
    onlineElectrovalence: p.onlineElectrovalence,
    buyElectrovalence: p.buyElectrovalence,
    currency: p.currency,
    stationPicture: p.stationPicture,
    orgId: p.orgId,
    countryCode: p.countryCode ?? 'DE',
    regionCode: p.regionCode,
    detailAddress: p.detailAddress ?? '',
    latitude: p.latitude ?? undefined,
    longitude: p.longitude ?? undefined,
    timezone: p.timezone,
    devices: {
      dongles: p.dongles.map((g) => ({
        sn: g.sn,
        networkingMode: g.networkingMode,
        inverters: g.devices
          .filter((d) => d.kind === 'INVERTER')
          .map((d) => ({
            sn: d.sn,
            inverterType: d.inverterType ?? 'SINGLE_PHASE',
            ratedPower: d.ratedPower,
            deviceAddress: d.deviceAddress,
          })),
        batteries: g.devices
          .filter((d) => d.kind === 'BATTERY')
          .map((d) => ({
            sn: d.sn,
            manufacturer: d.manufacturer ?? '',
            model: d.model ?? '',
            deviceAddress: d.deviceAddress,
          })),
        meters: g.devices
          .filter((d) => d.kind === 'METER')
          .map((d) => ({ sn: d.sn, deviceAddress: d.deviceAddress })),
      })),
    },
    ownerName: p.ownerName ?? '',
    contactType: p.contactType ?? 'EMAIL',
    contactInformation: '',
  };
}
