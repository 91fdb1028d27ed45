import { DeviceListPage } from './components/device-list.tsx';

/**
 * Device center → inverters and other devices (2002001). Meters, EV chargers and heat pumps ("other
 * devices", 2002) are tabs of this page: they belong to the inverter's plant and have no menu of their own,
 * so the menu title names them too ("Inverters & other devices"), and each tab names its own kind.
 */
export default function InverterPage() {
  return <DeviceListPage types={['INVERTER', 'METER', 'EV_CHARGER', 'HEAT_PUMP']} />;
}
