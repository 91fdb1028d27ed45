import type { Map as LeafletMap, TileLayer } from 'leaflet';
import type { MapTiles } from './app-config.ts';

type Leaflet = typeof import('leaflet');

/**
 * Puts the configured tiles under a map. `onUnavailable(true)` when there are none (MAP_TILE_URL=none) or a
 * tile fails (no internet, a wrong server): the map keeps its plain background and its markers, and says so.
 */
export function addTiles(
  L: Leaflet,
  map: LeafletMap,
  tiles: MapTiles,
  onUnavailable: (unavailable: boolean) => void,
): TileLayer | null {
  if (!tiles.url) {
    onUnavailable(true);
    return null;
  }
  const layer = L.tileLayer(tiles.url, { maxZoom: 19, attribution: tiles.attribution }).addTo(map);
  layer.on('tileerror', () => onUnavailable(true));
  layer.on('tileload', () => onUnavailable(false));
  return layer;
}
