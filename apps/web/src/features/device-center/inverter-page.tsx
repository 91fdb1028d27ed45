import { DeviceListPage } from './components/device-list.tsx';

/**
 * Device center → inverters (2002001). Meters, EV chargers and heat pumps ("other devices", 2002) are
 * tabs of this page: they belong to the inverter's plant and have no menu of their own.
 */
export default function InverterPage() {
  return <DeviceListPage types={['INVERTER', 'METER', 'EV_CHARGER', 'HEAT_PUMP']} />;
}
