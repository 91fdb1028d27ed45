import type { PlantMapPoint } from '@pvstar/contract/station';
import type { Map as LeafletMap, Popup } from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { MapTiles } from '../../components/app-config.ts';
import { formatNumber } from '../../components/energy-format.ts';
import { addTiles } from '../../components/map-tiles.ts';
import { clusterRing, countByStatus, type MapStatus, mapStatusOf, markerStyle } from './map-status.ts';

type Leaflet = typeof import('leaflet');
export type LeafletParts = { L: Leaflet; map: LeafletMap; popup: Popup };
type Palette = Parameters<typeof markerStyle>[0];

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
 * Leaflet stops clicks inside a popup from bubbling, so React's own handlers (a Link's) never see them:
 * the popup's links navigate here, through the router.
 */
export function usePopupLinks(popupNode: HTMLElement) {
  const navigate = useNavigate();
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
}

/** The map itself, once the tile setting is known; `failed` when Leaflet did not load. */
export function useLeafletMap(
  tiles: MapTiles | undefined,
  box: RefObject<HTMLDivElement | null>,
  popupNode: HTMLElement,
  onPopupClosed: () => void,
) {
  const [leaflet, setLeaflet] = useState<LeafletParts | null>(null);
  const [failed, setFailed] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const closed = useRef(onPopupClosed);
  closed.current = onPopupClosed;
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
        popup.on('remove', () => closed.current());
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
      setLeaflet(null);
    };
  }, [tiles, popupNode, box]);
  return { leaflet, failed, unavailable };
}

/** A cluster's icon: its count inside a ring coloured by the share of each status among its plants. */
function clusterIcon(L: Leaflet, palette: Palette, statusOf: WeakMap<object, MapStatus>) {
  return (c: import('leaflet').MarkerCluster) => {
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
  };
}

/** A plant's marker: a dot filled and edged by its status, named by the plant. */
function plantMarker(
  L: Leaflet,
  p: PlantMapPoint,
  { fill, edge }: ReturnType<typeof markerStyle>,
  status: MapStatus,
) {
  return L.marker([p.latitude, p.longitude], {
    title: p.stationName,
    alt: p.stationName,
    riseOnHover: true,
    icon: L.divIcon({
      className: 'pv-map-marker',
      iconSize: [18, 18],
      html: `<span data-testid="map-marker" data-status="${status}" style="display:block;width:18px;height:18px;box-sizing:border-box;border-radius:50%;background:${fill};border:3px solid ${edge};box-shadow:0 1px 3px rgba(0,0,0,.45)"></span>`,
    }),
  });
}

/**
 * The markers: drawn anew when the plants, the hidden statuses or the theme change. The first plants of a
 * filter set the view; a refresh leaves the user's view alone.
 */
export function useMarkers(
  leaflet: LeafletParts | null,
  points: PlantMapPoint[] | undefined,
  options: {
    hidden: ReadonlySet<MapStatus>;
    palette: Palette;
    filterKey: string;
    onSelect: (id: number) => void;
  },
) {
  const { hidden, palette, filterKey, onSelect } = options;
  const fittedFor = useRef<string | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  useEffect(() => {
    if (!leaflet) fittedFor.current = null;
    if (!leaflet || !points) return;
    const { L, map, popup } = leaflet;
    const statusOf = new WeakMap<object, MapStatus>();
    const group = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 48,
      iconCreateFunction: clusterIcon(L, palette, statusOf),
    });
    for (const p of points) {
      const status = mapStatusOf(p);
      if (hidden.has(status)) continue;
      const marker = plantMarker(L, p, markerStyle(palette, status), status);
      statusOf.set(marker, status);
      marker.on('click', () => {
        // The popup's content is React's (portal); render it before Leaflet measures the popup.
        flushSync(() => select.current(p.id));
        popup.setLatLng([p.latitude, p.longitude]).openOn(map);
      });
      group.addLayer(marker);
    }
    group.addTo(map);
    if (fittedFor.current !== filterKey && points.length > 0) {
      fittedFor.current = filterKey;
      map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
        padding: [32, 32],
        maxZoom: 12,
      });
    }
    return () => {
      group.remove();
    };
  }, [leaflet, points, hidden, palette, filterKey]);
}
