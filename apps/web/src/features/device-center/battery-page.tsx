import { DeviceListPage } from './components/device-list.tsx';

/** Device center → batteries (2002002). */
export default function BatteryPage() {
  return <DeviceListPage types={['BATTERY']} />;
}
