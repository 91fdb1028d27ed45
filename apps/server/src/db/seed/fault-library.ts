import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import type { Lang } from '@pvstar/contract/lang';
import { BATTERY_FAULTS } from './fault-library/battery.ts';
import { DONGLE_FAULTS } from './fault-library/dongle.ts';
import { EV_CHARGER_FAULTS } from './fault-library/ev-charger.ts';
import { HEAT_PUMP_FAULTS } from './fault-library/heat-pump.ts';
import { INVERTER_FAULTS } from './fault-library/inverter.ts';
import { METER_FAULTS } from './fault-library/meter.ts';

/** [message, fix advice] in one language. */
type Text = [string, string];

export interface LibraryEntry {
  faultCode: string;
  deviceType: FaultDeviceType;
  alarmLevel: AlarmLevel;
  t: Record<Lang, Text>;
}

/**
 * The seeded fault code library: what installers meet in the field, with advice they can act on.
 * The simulator raises INV-GRID-OV, INV-ISO, BAT-BMS-COMM and MTR-COMM; the *-COMM-LOST and DGL-OFFLINE
 * codes are what the alarm engine opens when a device or dongle goes silent, INV-NO-PROD when an
 * inverter produces nothing in daylight, INV-UNDERPERF when a plant yields less than its neighbours,
 * INV-IMPLAUSIBLE when metering sets an inverter's readings aside, and ingest opens DGL-FLOOD when a
 * dongle sends more than its limits.
 */
export const FAULT_LIBRARY: LibraryEntry[] = [
  ...INVERTER_FAULTS,
  ...BATTERY_FAULTS,
  ...METER_FAULTS,
  ...DONGLE_FAULTS,
  ...EV_CHARGER_FAULTS,
  ...HEAT_PUMP_FAULTS,
];
