import type { StationDetail } from '@pvstar/contract/station';
import { type DescriptionsProps, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { ContactReveal } from '../../../components/contact-reveal.tsx';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatCapacity, formatNumber } from '../../../components/energy-format.ts';
import { formatDateTime, formatDay } from '../../../components/format.ts';
import { stationTypeLabel } from '../../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../../components/monitor-tags.tsx';
import type { usePlantAddress } from '../api/plant-api.ts';
import { formatPrice } from './price.ts';

type Items = NonNullable<DescriptionsProps['items']>;

export const dash = <Typography.Text type="secondary">—</Typography.Text>;
export const text = (v: string | null | undefined) => (v ? v : dash);
/** A calendar day of the plant (YYYY-MM-DD) as the reader's language writes it. */
const day = (v: string | null) => (v ? formatDay(v) : dash);
const degrees = (v: number | null) => (v === null ? dash : `${formatNumber(v, 1)}°`);

/** The plant's basic details: what it is, then its prices and dates. */
export function basicItems(t: TFunction, p: StationDetail): Items {
  return [...identityItems(t, p), ...priceDateItems(t, p)];
}

function identityItems(t: TFunction, p: StationDetail): Items {
  return [
    {
      key: 'stationName',
      label: t('plant:field.stationName'),
      children: <span style={{ wordBreak: 'break-word' }}>{p.stationName}</span>,
    },
    {
      key: 'stationNo',
      label: t('plant:field.stationNo'),
      children: (
        <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
          {p.stationNo}
        </Typography.Text>
      ),
    },
    {
      key: 'stationType',
      label: t('plant:field.stationType'),
      children: stationTypeLabel(t, p.stationType),
    },
    {
      key: 'status',
      label: t('plant:field.status'),
      children: (
        <PlantStatusTag status={p.status} neverConnected={p.neverConnected} commissioning={p.commissioning} />
      ),
    },
    {
      key: 'installedCapacity',
      label: t('plant:field.installedCapacity'),
      children: formatCapacity(p.installedCapacity, 'kWp'),
    },
    {
      key: 'energyStorage',
      label: t('plant:field.energyStorage'),
      children: p.energyStorage === null ? dash : formatCapacity(p.energyStorage, 'kWh'),
    },
    { key: 'angleOfRoll', label: t('plant:field.angleOfRoll'), children: degrees(p.angleOfRoll) },
    {
      key: 'azimuth',
      label: t('plant:field.azimuth'),
      children:
        p.azimuth === null ? dash : <Tooltip title={t('plant:hint.azimuth')}>{degrees(p.azimuth)}</Tooltip>,
    },
    {
      key: 'organization',
      label: t('plant:field.orgId'),
      children: <EllipsisText text={p.organization} maxWidth={260} />,
    },
  ];
}

function priceDateItems(t: TFunction, p: StationDetail): Items {
  return [
    {
      key: 'onlineElectrovalence',
      label: t('plant:field.onlineElectrovalence'),
      children: formatPrice(p.onlineElectrovalence, p.currency),
    },
    {
      key: 'buyElectrovalence',
      label: t('plant:field.buyElectrovalence'),
      children: formatPrice(p.buyElectrovalence, p.currency),
    },
    { key: 'currency', label: t('plant:field.currency'), children: p.currency },
    {
      key: 'gridConnectionTime',
      label: t('plant:field.gridConnectionTime'),
      children: day(p.gridConnectionTime),
    },
    { key: 'buildDate', label: t('plant:field.buildDate'), children: day(p.buildDate) },
    // On the reader's clock, beside the plant's time zone: each says which clock it is on.
    {
      key: 'registrationTime',
      label: t('plant:field.registrationTime'),
      children: formatDateTime(p.registrationTime, { zone: true }),
    },
    {
      key: 'updateTime',
      label: t('plant:field.updateTime'),
      children: formatDateTime(p.updateTime, { zone: true }),
    },
    { key: 'updateByName', label: t('plant:field.updateByName'), children: text(p.updateByName) },
  ];
}

/** Where the plant is; the country and region come from the address look-up. */
export function locationItems(
  t: TFunction,
  p: StationDetail,
  a: ReturnType<typeof usePlantAddress>['data'],
): Items {
  return [
    { key: 'country', label: t('plant:field.countryCode'), children: text(a?.countryName) },
    {
      key: 'region',
      label: t('plant:field.regionCode'),
      children: text(a?.regionNames.slice(1).join(' / ')),
    },
    { key: 'detailAddress', label: t('plant:field.detailAddress'), children: text(p.detailAddress) },
    {
      key: 'latitude',
      label: t('plant:field.latitude'),
      children: p.latitude === null ? dash : formatNumber(p.latitude, 6),
    },
    {
      key: 'longitude',
      label: t('plant:field.longitude'),
      children: p.longitude === null ? dash : formatNumber(p.longitude, 6),
    },
    { key: 'timezone', label: t('plant:field.timezone'), children: p.timezone },
  ];
}

/** The owner; a caller allowed to reveal contacts may show a linked owner's real one. */
export function ownerItems(t: TFunction, p: StationDetail, canReveal: boolean): Items {
  const contact =
    p.contactInformation && p.contactType && p.ownerUserId !== null && canReveal ? (
      <ContactReveal value={p.contactInformation} viewType={p.contactType} id={p.ownerUserId} />
    ) : (
      text(p.contactInformation)
    );
  return [
    { key: 'ownerName', label: t('plant:field.ownerName'), children: text(p.ownerName) },
    { key: 'userName', label: t('plant:field.userName'), children: text(p.userName) },
    {
      key: 'contactType',
      label: t('plant:field.contactType'),
      children: p.contactType
        ? p.contactType === 'EMAIL'
          ? t('plant:contactType.EMAIL')
          : t('plant:contactType.MOBILE')
        : dash,
    },
    { key: 'contactInformation', label: t('plant:field.contactInformation'), children: contact },
  ];
}
