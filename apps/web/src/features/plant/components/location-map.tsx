import 'leaflet/dist/leaflet.css';
import { Typography, theme } from 'antd';
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapTiles } from '../../../components/app-config.ts';
import { addTiles } from '../../../components/map-tiles.ts';

/** Europe, where most plants are, when no coordinates are typed yet. */
const START: [number, number] = [50.1, 10.4];

const valid = (lat: unknown, lng: unknown): lat is number =>
  typeof lat === 'number' &&
  typeof lng === 'number' &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180 &&
  Number.isFinite(lat) &&
  Number.isFinite(lng);

/**
 * A small map of one place, with the configured tiles (MAP_TILE_URL). With `onPick` a click sets the
 * coordinates and typed coordinates move the marker; without it the map only shows the place. Leaflet is
 * loaded only with this map; without a network (no tiles) the marker stays on a plain background and the
 * map says so (in the form: the typed coordinates remain the way to enter a location).
 */
export function LocationMap({
  latitude,
  longitude,
  onPick,
  height = 260,
}: {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  onPick?: (lat: number, lng: number) => void;
  height?: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tiles = useMapTiles();
  const readOnly = !onPick;
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const marker = useRef<CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [offline, setOffline] = useState(false);
  const [failed, setFailed] = useState(false);
  const position = useRef<{ lat: unknown; lng: unknown }>({ lat: latitude, lng: longitude });
  position.current = { lat: latitude, lng: longitude };

  useEffect(() => {
    if (!tiles) return;
    let cancelled = false;
    let created: LeafletMap | null = null;
    import('leaflet')
      .then(({ default: L }) => {
        if (cancelled || !box.current) return;
        const { lat, lng } = position.current;
        const here = valid(lat, lng);
        created = L.map(box.current, { attributionControl: true, scrollWheelZoom: false }).setView(
          here ? [lat, lng as number] : START,
          here ? 13 : 4,
        );
        addTiles(L, created, tiles, setOffline);
        marker.current = L.circleMarker(here ? [lat, lng as number] : START, {
          radius: 8,
          color: token.colorPrimary,
          fillOpacity: 0.6,
          opacity: here ? 1 : 0,
          fillColor: token.colorPrimary,
        }).addTo(created);
        if (!here) marker.current.setStyle({ fillOpacity: 0 });
        created.on('click', (e) => {
          const round = (n: number) => Math.round(n * 1e6) / 1e6;
          pick.current?.(round(e.latlng.lat), round(e.latlng.lng));
        });
        map.current = created;
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      created?.remove();
      map.current = null;
      marker.current = null;
    };
  }, [token.colorPrimary, tiles]);

  // Typed or picked coordinates move the marker (and the view, when it left the screen).
  useEffect(() => {
    const m = map.current;
    if (!m || !marker.current) return;
    if (!valid(latitude, longitude)) {
      marker.current.setStyle({ opacity: 0, fillOpacity: 0 });
      return;
    }
    marker.current.setLatLng([latitude, longitude as number]).setStyle({ opacity: 1, fillOpacity: 0.6 });
    if (!m.getBounds().contains([latitude, longitude as number]))
      m.setView([latitude, longitude as number], Math.max(m.getZoom(), 10));
  }, [latitude, longitude]);

  return (
    <div>
      <div
        ref={box}
        data-testid="location-map"
        role="application"
        aria-label={t('plant:map.label')}
        style={{
          height,
          borderRadius: token.borderRadius,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorFillQuaternary,
          // Leaflet's panes sit above antd's popups otherwise.
          zIndex: 0,
          position: 'relative',
        }}
      />
      {readOnly ? (
        (offline || failed) && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="location-map-offline">
            {t('plant:map.offlineView')}
          </Typography.Text>
        )
      ) : (
        <Typography.Text type={offline || failed ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
          {offline || failed ? t('plant:map.offline') : t('plant:map.hint')}
        </Typography.Text>
      )}
    </div>
  );
}
