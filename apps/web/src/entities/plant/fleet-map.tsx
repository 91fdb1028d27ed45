import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { PERM } from '@pvstar/contract/perm';
import type { StationPageBody } from '@pvstar/contract/station';
import { Alert, Flex, Grid, Spin, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMapTiles } from '../../components/app-config.ts';
import { formatNumber } from '../../components/energy-format.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useLeafletMap, useMarkers, usePopupLinks } from './fleet-map-layers.ts';
import { MapLegend, PlantPopup } from './map-parts.tsx';
import { countByStatus, type MapStatus, mapStatusOf } from './map-status.ts';
import { usePlantMap } from './plant-map-api.ts';

/** The status colours of the theme, one object while the theme stays. */
function usePalette() {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      colorSuccess: token.colorSuccess,
      colorWarning: token.colorWarning,
      colorError: token.colorError,
    }),
    [token.colorSuccess, token.colorWarning, token.colorError],
  );
}

/** The statuses the legend hides, and a toggle for one. */
function useHiddenStatuses() {
  const [hidden, setHidden] = useState<ReadonlySet<MapStatus>>(new Set());
  const toggle = (status: MapStatus) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(status)) next.add(status);
      return next;
    });
  return { hidden, toggle };
}

/** What is laid over the canvas: a spinner while loading, a note when the filter matches no plant. */
function CanvasOverlay({ loading, empty }: { loading: boolean; empty: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <>
      {loading && (
        <Flex
          align="center"
          justify="center"
          style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
        >
          <Spin />
        </Flex>
      )}
      {empty && (
        <Flex
          align="center"
          justify="center"
          style={{ position: 'absolute', inset: 0, pointerEvents: 'none', zIndex: 500 }}
        >
          <Typography.Text
            type="secondary"
            style={{ background: token.colorBgContainer, padding: '4px 8px' }}
          >
            {t('plant:fleetMap.empty')}
          </Typography.Text>
        </Flex>
      )}
    </>
  );
}

/** The notes under the map: tiles that could not load, plants that have no place. */
function MapNotes({ noTiles, withoutLocation }: { noTiles: boolean; withoutLocation: number }) {
  const { t } = useTranslation();
  if (!noTiles && withoutLocation === 0) return null;
  return (
    <Flex vertical gap={2}>
      {noTiles && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="fleet-map-offline">
          {t('plant:fleetMap.tilesUnavailable')}
        </Typography.Text>
      )}
      {withoutLocation > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="fleet-map-unlocated">
          {t('plant:fleetMap.withoutLocation', { n: formatNumber(withoutLocation, 0) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The fleet map: every plant of the caller's scope (under the list's filter) as a marker coloured by its
 * status, clustered where they crowd, with a legend, and a popup with the plant's figures and a link to
 * it. Tiles come from the server's setting; without them (no internet) the markers stay on a plain
 * background and a note says so.
 */
export function FleetMap({ filter = {}, height = 360 }: { filter?: StationPageBody; height?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // A phone keeps room to scroll past the map.
  const phone = Grid.useBreakpoint().md === false;
  const query = usePlantMap(filter);
  const canDetail = usePerm([PERM.stationDetail]);
  const box = useRef<HTMLDivElement>(null);
  const popupNode = useMemo(() => document.createElement('div'), []);
  const [selected, setSelected] = useState<number | null>(null);
  const { hidden, toggle } = useHiddenStatuses();
  const palette = usePalette();
  usePopupLinks(popupNode);
  const { leaflet, failed, unavailable } = useLeafletMap(useMapTiles(), box, popupNode, () =>
    setSelected(null),
  );
  const points = query.data?.list;
  useMarkers(leaflet, points, { hidden, palette, filterKey: JSON.stringify(filter), onSelect: setSelected });
  const counts = useMemo(() => countByStatus((points ?? []).map(mapStatusOf)), [points]);
  const shown = selected === null ? undefined : points?.find((p) => p.id === selected);
  // Fresh figures reach an open popup; Leaflet re-measures it.
  useEffect(() => {
    if (shown) leaflet?.popup.update();
  }, [shown, leaflet]);

  return (
    <Flex vertical gap={8} data-testid="fleet-map">
      <MapLegend counts={counts} hidden={hidden} onToggle={toggle} />
      {query.isError && !query.data && <Alert type="error" showIcon title={t('plant:fleetMap.loadFailed')} />}
      <div style={{ position: 'relative' }}>
        <div
          ref={box}
          role="application"
          aria-label={t('plant:fleetMap.label')}
          data-testid="fleet-map-canvas"
          style={{
            height: phone ? Math.min(height, 340) : height,
            borderRadius: token.borderRadius,
            border: `1px solid ${token.colorBorderSecondary}`,
            // The plain background where no tiles load: a sea-like blue-grey, so that markers read as places.
            background: '#e8eef3',
            // Leaflet's panes sit above antd's popups otherwise.
            zIndex: 0,
          }}
        />
        <CanvasOverlay loading={query.isPending || (!leaflet && !failed)} empty={points?.length === 0} />
      </div>
      <MapNotes noTiles={unavailable || failed} withoutLocation={query.data?.withoutLocation ?? 0} />
      {shown && createPortal(<PlantPopup plant={shown} canDetail={canDetail} />, popupNode)}
    </Flex>
  );
}
