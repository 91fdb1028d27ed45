import type { PlantMapPoint } from '@pvstar/contract/station';
import { Flex, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCapacity, formatNumber, formatPower } from '../../components/energy-format.ts';
import { plantStatusLabel } from '../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../components/monitor-tags.tsx';
import { plantLinks } from '../../components/page-links.ts';
import { MAP_STATUSES, type MapStatus, markerStyle } from './map-status.ts';

export const mapStatusLabel = (t: TFunction, status: MapStatus): string =>
  status === 'NOT_CONNECTED' ? t('monitor:plantStatus.NOT_CONNECTED') : plantStatusLabel(t, status);

/** A marker's dot, as the map draws it (the legend shows the same). */
export function StatusDot({ status, size = 12 }: { status: MapStatus; size?: number }) {
  const { token } = theme.useToken();
  const { fill, edge } = markerStyle(token, status);
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        background: fill,
        border: `2px solid ${edge === '#fff' ? fill : edge}`,
        flex: 'none',
      }}
    />
  );
}

/**
 * The map's legend: each status with its colour and how many plants have it. A click hides or shows that
 * status's markers.
 */
export function MapLegend({
  counts,
  hidden,
  onToggle,
}: {
  counts: Record<MapStatus, number>;
  hidden: ReadonlySet<MapStatus>;
  onToggle: (status: MapStatus) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex wrap gap="4px 12px" role="group" aria-label={t('plant:fleetMap.legend')} data-testid="map-legend">
      {MAP_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={!hidden.has(status)}
          onClick={() => onToggle(status)}
          data-testid="map-legend-item"
          data-status={status}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 6,
            padding: '2px 4px',
            border: 0,
            background: 'none',
            cursor: 'pointer',
            color: token.colorText,
            opacity: hidden.has(status) ? 0.4 : 1,
            font: 'inherit',
            fontSize: token.fontSizeSM,
          }}
        >
          <StatusDot status={status} size={10} />
          <span style={{ textDecoration: hidden.has(status) ? 'line-through' : undefined }}>
            {mapStatusLabel(t, status)}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {formatNumber(counts[status], 0)}
          </Typography.Text>
        </button>
      ))}
    </Flex>
  );
}

/** A plant's popup on the map: its name (a link to its detail where allowed), status, power now and size. */
export function PlantPopup({ plant, canDetail }: { plant: PlantMapPoint; canDetail: boolean }) {
  const { t } = useTranslation();
  const row = (label: string, value: string) => (
    <Flex justify="space-between" gap={16}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={6} style={{ minWidth: 180, maxWidth: 260 }} data-testid="map-popup">
      <Typography.Text strong style={{ wordBreak: 'break-word' }}>
        {plant.stationName}
      </Typography.Text>
      <div>
        <PlantStatusTag status={plant.status} neverConnected={plant.neverConnected} />
      </div>
      {row(t('plant:fleetMap.powerNow'), formatPower(plant.currentPower))}
      {row(t('plant:fleetMap.capacity'), formatCapacity(plant.installedCapacity, 'kWp'))}
      {canDetail && (
        <Link
          to={plantLinks.detail(plant.id)}
          data-route={plantLinks.detail(plant.id)}
          data-testid="map-popup-link"
        >
          {t('plant:fleetMap.open')}
        </Link>
      )}
    </Flex>
  );
}
