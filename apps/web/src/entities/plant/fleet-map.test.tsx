import { plant } from '@pvstar/contract/endpoints/plant';
import { system } from '@pvstar/contract/endpoints/system';
import type { PlantMap, PlantMapPoint } from '@pvstar/contract/station';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { answer } from '../../test/server.ts';
import { FleetMap } from './fleet-map.tsx';
import { MapLegend, PlantPopup } from './map-parts.tsx';
import { clusterRing, countByStatus, type MapStatus, mapStatusOf, markerStyle } from './map-status.ts';

const PALETTE = { colorSuccess: '#52c41a', colorWarning: '#faad14', colorError: '#ff4d4f' };

const point = (over: Partial<PlantMapPoint> = {}): PlantMapPoint => ({
  id: 7,
  stationName: 'Sonnenhof Augsburg',
  status: 'NORMAL',
  neverConnected: false,
  latitude: 48.37,
  longitude: 10.89,
  installedCapacity: 9.87,
  currentPower: 2345.6,
  ...over,
});

describe('the map colours of a plant status', () => {
  it('tells "not connected yet" from offline, as the plant list does', () => {
    expect(mapStatusOf(point({ status: 'OFFLINE', neverConnected: true }))).toBe('NOT_CONNECTED');
    expect(mapStatusOf(point({ status: 'OFFLINE' }))).toBe('OFFLINE');
    expect(mapStatusOf(point({ status: 'FAULT' }))).toBe('FAULT');
  });

  it("draws each status in the theme's status colour; a never connected plant hollow", () => {
    expect(markerStyle(PALETTE, 'NORMAL').fill).toBe('#52c41a');
    expect(markerStyle(PALETTE, 'WARNING').fill).toBe('#faad14');
    expect(markerStyle(PALETTE, 'FAULT').fill).toBe('#ff4d4f');
    expect(markerStyle(PALETTE, 'NOT_CONNECTED')).toEqual({ fill: '#fff', edge: '#8c8c8c' });
    const fills = (['NORMAL', 'WARNING', 'FAULT', 'OFFLINE', 'NOT_CONNECTED'] as MapStatus[]).map(
      (s) => markerStyle(PALETTE, s).fill,
    );
    expect(new Set(fills).size).toBe(5);
  });

  it("rings a cluster with its plants' statuses, faults first, in their shares", () => {
    const counts = countByStatus(['NORMAL', 'NORMAL', 'FAULT', 'NOT_CONNECTED']);
    expect(counts).toEqual({ FAULT: 1, WARNING: 0, NORMAL: 2, OFFLINE: 0, NOT_CONNECTED: 1 });
    expect(clusterRing(PALETTE, counts)).toBe(
      'conic-gradient(#ff4d4f 0deg 90deg, #52c41a 90deg 270deg, #d9d9d9 270deg 360deg)',
    );
  });
});

describe('MapLegend', () => {
  it('names every status with its count in the language, and hides or shows one on a click', async () => {
    const onToggle = vi.fn();
    const counts = { FAULT: 1, WARNING: 0, NORMAL: 1234, OFFLINE: 2, NOT_CONNECTED: 3 };
    await renderWithApp(<MapLegend counts={counts} hidden={new Set(['OFFLINE'])} onToggle={onToggle} />, {
      lang: 'de-DE',
    });
    const items = screen.getAllByTestId('map-legend-item');
    expect(items.map((i) => i.textContent)).toEqual([
      'Störung1',
      'Warnung0',
      'Normal1.234',
      'Offline2',
      'Noch nicht verbunden3',
    ]);
    expect(items[3]).toHaveProperty('ariaPressed', 'false');
    expect(items[2]).toHaveProperty('ariaPressed', 'true');
    await userEvent.setup().click(items[0]!);
    expect(onToggle).toHaveBeenCalledWith('FAULT');
  });
});

describe('PlantPopup', () => {
  it("shows the plant's name, status, power now and capacity, and links to its detail where allowed", async () => {
    await renderWithApp(<PlantPopup plant={point({ status: 'OFFLINE', neverConnected: true })} canDetail />);
    const popup = screen.getByTestId('map-popup');
    expect(popup.textContent).toContain('Sonnenhof Augsburg');
    expect(screen.getByTestId('plant-status').dataset.status).toBe('NOT_CONNECTED');
    expect(popup.textContent).toContain('2.35\u00a0kW');
    expect(popup.textContent).toContain('9.87\u00a0kWp');
    expect(screen.getByTestId('map-popup-link').getAttribute('href')).toBe('/station/monitor/detail?id=7');
  });

  it('has no link for a user who may not open a plant', async () => {
    await renderWithApp(<PlantPopup plant={point()} canDetail={false} />);
    expect(screen.getByTestId('map-popup').textContent).toContain('Sonnenhof Augsburg');
    expect(screen.queryByTestId('map-popup-link')).toBeNull();
  });
});

describe('FleetMap', () => {
  it("asks for the list's filter, counts the statuses and says which plants have no place on it", async () => {
    const data: PlantMap = {
      list: [
        point(),
        point({ id: 8, status: 'FAULT' }),
        point({ id: 9, status: 'OFFLINE', neverConnected: true }),
      ],
      withoutLocation: 2,
    };
    const received = answer([
      [plant.map, data],
      [system.publicConfig, { appTitle: 'PVSTAR', demo: true, mapTileUrl: null, mapTileAttribution: '' }],
    ]);
    await renderWithApp(<FleetMap filter={{ stationType: 'PHOTOVOLTAIC' }} />);
    await waitFor(() => expect(screen.getByTestId('fleet-map-unlocated')).toBeTruthy());
    expect(screen.getByTestId('fleet-map-unlocated').textContent).toBe(
      'Plants without coordinates (not on the map): 2',
    );
    expect(received.find((r) => r.path === plant.map.path)?.body).toEqual({ stationType: 'PHOTOVOLTAIC' });
    const counts = screen.getAllByTestId('map-legend-item').map((i) => [i.dataset.status, i.textContent]);
    expect(counts).toEqual([
      ['FAULT', 'Fault1'],
      ['WARNING', 'Warning0'],
      ['NORMAL', 'Normal1'],
      ['OFFLINE', 'Offline0'],
      ['NOT_CONNECTED', 'Not connected yet1'],
    ]);
    // No tile server configured: a plain background (jsdom draws no markers: its boxes have no size), and a note.
    await waitFor(() => expect(screen.getByTestId('fleet-map-offline')).toBeTruthy());
  });
});
