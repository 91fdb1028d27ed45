import { DeviceListPage } from './components/device-list.tsx';

/** Device center → dongles (2002001): the data collectors, their link and firmware. */
export default function DonglePage() {
  return <DeviceListPage types={['DONGLE']} />;
}
