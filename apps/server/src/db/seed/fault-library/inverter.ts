import type { LibraryEntry } from '../fault-library.ts';
import { INVERTER_COMMUNICATION_FAULTS } from './inverter-communication.ts';
import { INVERTER_DC_HARDWARE_FAULTS } from './inverter-dc-hardware.ts';
import { INVERTER_GRID_FAULTS } from './inverter-grid.ts';
import { INVERTER_PERFORMANCE_FAULTS } from './inverter-performance.ts';

/** Inverter faults of the seeded library: [message, fix advice] per language. */
export const INVERTER_FAULTS: LibraryEntry[] = [
  ...INVERTER_GRID_FAULTS,
  ...INVERTER_DC_HARDWARE_FAULTS,
  ...INVERTER_PERFORMANCE_FAULTS,
  ...INVERTER_COMMUNICATION_FAULTS,
];
