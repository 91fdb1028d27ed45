import type { DeviceRow } from '@pvstar/contract/device';
import { screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { useDeviceColumns } from './device-columns.tsx';

// Intl puts a narrow no-break space in some languages; compare on plain spaces.
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const row = (over: Partial<DeviceRow>): DeviceRow => ({
  id: 1,
  deviceType: 'BATTERY',
  sn: 'BAT-1',
  deviceName: 'LFP-10.2',
  manufactor: 'PVSTAR',
  deviceSpec: 'LFP-10.2',
  deviceStatus: 'ONLINE',
  plantId: 3,
  stationName: 'Plant 3',
  stationType: 'ENERGY_STORAGE',
  collectorId: 1,
  collectorSN: 'DGL-1',
  inverterSN: 'INV-1',
  cellSN: 'BAT-1',
  elecMeterSN: null,
  deviceAddress: null,
  inverterType: null,
  versions: {},
  networkingMode: 'WIFI',
  ratedPower: null,
  power: -529,
  soc: 55,
  soh: 98,
  lastSeenAt: null,
  createTime: '2026-11-01T00:00:00Z',
  ...over,
});

function Devices({ type, rows }: { type: DeviceRow['deviceType']; rows: DeviceRow[] }) {
  const columns = useDeviceColumns(type, () => {});
  return <Table rowKey="id" columns={columns} dataSource={rows} pagination={false} />;
}

describe('device list power', () => {
  it('shows the battery list’s and the meter list’s power with its direction', async () => {
    await renderWithApp(
      <>
        <Devices type="BATTERY" rows={[row({})]} />
        <Devices type="INVERTER" rows={[row({ id: 2, deviceType: 'METER', sn: 'M-1', power: -4200 })]} />
      </>,
    );
    const cells = screen.getAllByTestId('signed-power');
    expect(cells.map((c) => plain(c.textContent))).toEqual(['529 W · Charging', '4.2 kW · Feeding in']);
    expect(document.body.textContent).not.toContain('-529');
  });
});
