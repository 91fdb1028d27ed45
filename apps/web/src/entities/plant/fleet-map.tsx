import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { PERM } from '@pvstar/contract/perm';
import type { StationPageBody } from '@pvstar/contract/station';
import { Alert, Flex, Grid, Spin, Typography, theme } from 'antd';
import type { Map as LeafletMap, MarkerClusterGroup, Popup } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMapTiles } from '../../components/app-config.ts';
import { formatNumber } from '../../components/energy-format.ts';
import { addTiles } from '../../components/map-tiles.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { MapLegend, PlantPopup } from './map-parts.tsx';
import { clusterRing, countByStatus, type MapStatus, mapStatusOf, markerStyle } from './map-status.ts';
import { usePlantMap } from './plant-map-api.ts';

type Leaflet = typeof import('leaflet');

/** Europe, where most plants are, while there are none to fit the view to. */
const START: [number, number] = [50.1, 10.4];

/**
 * Leaflet with the cluster plugin. The plugin is a script that extends the global `L`, so Leaflet is put
 * there first; both load only with a map.
 */
async function loadLeaflet(): Promise<Leaflet> {
  const { default: L } = await import('leaflet');
  (window as unknown as { L: Leaflet }).L = L;
  await import('leaflet.markercluster');
  return L;
}

/**
 * The fleet map: every plant of the caller's scope (under the list's filter) as a marker coloured by its
 * status, clustered where they crowd, with a legend, and a popup with the plant's figures and a link to
 * it. Tiles come from the server's setting; without them (no internet) the markers stay on a plain
 * background and a note says so.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: not split yet (issue 34 item 4, the web's last long functions)
export function FleetMap({ filter = {}, height = 360 }: { filter?: StationPageBody; height?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // A phone keeps room to scroll past the map.
  const phone = Grid.useBreakpoint().md === false;
  const tiles = useMapTiles();
  const query = usePlantMap(filter);
  const canDetail = usePerm([PERM.stationDetail]);
  const box = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<{ L: Leaflet; map: LeafletMap; popup: Popup } | null>(null);
  const cluster = useRef<MarkerClusterGroup | null>(null);
  const [failed, setFailed] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<MapStatus>>(new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const popupNode = useMemo(() => document.createElement('div'), []);
  const fittedFor = useRef<string | null>(null);
  const navigate = useNavigate();

  // Leaflet stops clicks inside a popup from bubbling, so React's own handlers (a Link's) never see them:
  // the popup's links navigate here, through the router.
  useEffect(() => {
    const follow = (e: MouseEvent) => {
      const link = (e.target as Element).closest<HTMLElement>('a[data-route]');
      if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigate(link.dataset.route!);
    };
    popupNode.addEventListener('click', follow);
    return () => popupNode.removeEventListener('click', follow);
  }, [popupNode, navigate]);

  const filterKey = JSON.stringify(filter);
  const points = query.data?.list;
  const counts = useMemo(() => countByStatus((points ?? []).map(mapStatusOf)), [points]);
  const palette = useMemo(
    () => ({
      colorSuccess: token.colorSuccess,
      colorWarning: token.colorWarning,
      colorError: token.colorError,
    }),
    [token.colorSuccess, token.colorWarning, token.colorError],
  );

  // The map itself, once the tile setting is known.
  useEffect(() => {
    if (!tiles) return;
    let cancelled = false;
    let created: LeafletMap | null = null;
    let resize: ResizeObserver | null = null;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !box.current) return;
        // Its own zoom limit: the cluster plugin needs one, and without tiles no tile layer gives it.
        created = L.map(box.current, { scrollWheelZoom: false, worldCopyJump: true, maxZoom: 18 }).setView(
          START,
          4,
        );
        addTiles(L, created, tiles, setUnavailable);
        const popup = L.popup({ maxWidth: 280, autoPanPadding: [16, 16] }).setContent(popupNode);
        popup.on('remove', () => setSelected(null));
        // The map follows its box (a card that grows, the list/map switch, a phone turned).
        if (typeof ResizeObserver !== 'undefined') {
          const map = created;
          resize = new ResizeObserver(() => map.invalidateSize());
          resize.observe(box.current);
        }
        setLeaflet({ L, map: created, popup });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      resize?.disconnect();
      created?.remove();
      cluster.current = null;
      fittedFor.current = null;
      setLeaflet(null);
    };
  }, [tiles, popupNode]);

  // The markers: drawn anew when the plants, the hidden statuses or the theme change.
  useEffect(() => {
    if (!leaflet || !points) return;
    const { L, map, popup } = leaflet;
    const statusOf = new WeakMap<object, MapStatus>();
    const group = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 48,
      iconCreateFunction: (c) => {
        const n = c.getChildCount();
        const ring = clusterRing(
          palette,
          countByStatus(c.getAllChildMarkers().map((m) => statusOf.get(m) ?? 'OFFLINE')),
        );
        const size = n < 10 ? 34 : n < 100 ? 40 : 48;
        return L.divIcon({
          className: 'pv-map-cluster',
          iconSize: [size, size],
          html: `<div data-testid="map-cluster" style="width:100%;height:100%;border-radius:50%;background:${ring};display:flex;align-items:center;justify-content:center;box-shadow:0 1px 4px rgba(0,0,0,.35)"><span style="width:70%;height:70%;border-radius:50%;background:#fff;color:#1f1f1f;display:flex;align-items:center;justify-content:center;font:600 12px/1 system-ui,sans-serif">${formatNumber(n, 0)}</span></div>`,
        });
      },
    });
    for (const p of points) {
      const status = mapStatusOf(p);
      if (hidden.has(status)) continue;
      const { fill, edge } = markerStyle(palette, status);
      const marker = L.marker([p.latitude, p.longitude], {
        title: p.stationName,
        alt: p.stationName,
        riseOnHover: true,
        icon: L.divIcon({
          className: 'pv-map-marker',
          iconSize: [18, 18],
          html: `<span data-testid="map-marker" data-status="${status}" style="display:block;width:18px;height:18px;box-sizing:border-box;border-radius:50%;background:${fill};border:3px solid ${edge};box-shadow:0 1px 3px rgba(0,0,0,.45)"></span>`,
        }),
      });
      statusOf.set(marker, status);
      marker.on('click', () => {
        // The popup's content is React's (portal); render it before Leaflet measures the popup.
        flushSync(() => setSelected(p.id));
        popup.setLatLng([p.latitude, p.longitude]).openOn(map);
      });
      group.addLayer(marker);
    }
    group.addTo(map);
    cluster.current = group;
    // The first plants of a filter set the view; a refresh leaves the user's view alone.
    if (fittedFor.current !== filterKey && points.length > 0) {
      fittedFor.current = filterKey;
      map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
        padding: [32, 32],
        maxZoom: 12,
      });
    }
    return () => {
      group.remove();
      cluster.current = null;
    };
  }, [leaflet, points, hidden, palette, filterKey]);

  // Fresh figures reach an open popup; Leaflet re-measures it.
  const shown = selected === null ? undefined : points?.find((p) => p.id === selected);
  useEffect(() => {
    if (shown) leaflet?.popup.update();
  }, [shown, leaflet]);

  const toggle = (status: MapStatus) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(status)) next.add(status);
      return next;
    });
  const withoutLocation = query.data?.withoutLocation ?? 0;

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
        {(query.isPending || (!leaflet && !failed)) && (
          <Flex
            align="center"
            justify="center"
            style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
          >
            <Spin />
          </Flex>
        )}
        {points && points.length === 0 && (
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
      </div>
      {(unavailable || failed || withoutLocation > 0) && (
        <Flex vertical gap={2}>
          {(unavailable || failed) && (
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
      )}
      {shown && createPortal(<PlantPopup plant={shown} canDetail={canDetail} />, popupNode)}
    </Flex>
  );
}
