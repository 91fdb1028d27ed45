import type { PlantStatus } from '@pvstar/contract/enums';
import type { PlantMapPoint } from '@pvstar/contract/station';

/** A plant's status as the map colours it: the list's status, and "not connected yet" apart from offline. */
export type MapStatus = PlantStatus | 'NOT_CONNECTED';

/** The legend's order: the states that need someone first, then the quiet ones. */
export const MAP_STATUSES: readonly MapStatus[] = ['FAULT', 'WARNING', 'NORMAL', 'OFFLINE', 'NOT_CONNECTED'];

export const mapStatusOf = (p: Pick<PlantMapPoint, 'status' | 'neverConnected'>): MapStatus =>
  p.neverConnected ? 'NOT_CONNECTED' : p.status;

/** Theme colours a marker is drawn with (antd's status tokens, as the dashboard's status card). */
export type StatusPalette = { colorSuccess: string; colorWarning: string; colorError: string };

/** Marker fill and edge per status; "not connected yet" is hollow: no data has ever come. */
export function markerStyle(palette: StatusPalette, status: MapStatus): { fill: string; edge: string } {
  switch (status) {
    case 'NORMAL':
      return { fill: palette.colorSuccess, edge: '#fff' };
    case 'WARNING':
      return { fill: palette.colorWarning, edge: '#fff' };
    case 'FAULT':
      return { fill: palette.colorError, edge: '#fff' };
    case 'OFFLINE':
      return { fill: '#8c8c8c', edge: '#fff' };
    case 'NOT_CONNECTED':
      return { fill: '#fff', edge: '#8c8c8c' };
  }
}

export function countByStatus(statuses: Iterable<MapStatus>): Record<MapStatus, number> {
  const counts: Record<MapStatus, number> = { FAULT: 0, WARNING: 0, NORMAL: 0, OFFLINE: 0, NOT_CONNECTED: 0 };
  for (const s of statuses) counts[s] += 1;
  return counts;
}

/**
 * A cluster's ring: each status's share of its plants as a slice in the legend's order, so that a fault
 * inside a cluster shows before it is opened.
 */
export function clusterRing(palette: StatusPalette, counts: Record<MapStatus, number>): string {
  const total = MAP_STATUSES.reduce((s, k) => s + counts[k], 0);
  if (total === 0) return markerStyle(palette, 'OFFLINE').fill;
  let from = 0;
  const slices: string[] = [];
  for (const status of MAP_STATUSES) {
    if (counts[status] === 0) continue;
    const to = from + (counts[status] / total) * 360;
    // "Not connected yet" is white inside a marker: its slice is a light grey, apart from offline's.
    const color = status === 'NOT_CONNECTED' ? '#d9d9d9' : markerStyle(palette, status).fill;
    slices.push(`${color} ${round(from)}deg ${round(to)}deg`);
    from = to;
  }
  return `conic-gradient(${slices.join(', ')})`;
}

const round = (deg: number) => Math.round(deg * 10) / 10;
