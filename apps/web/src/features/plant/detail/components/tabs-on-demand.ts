// The tabs of the plant detail other than the overview, loaded together the first time one is chosen: one
// lazily loaded chunk for all of them splits the code shared with other pages less finely than six would.
export { PlantInfo } from '../../components/plant-info.tsx';
export { AlarmsTab } from './alarms-tab.tsx';
export { DevicesTab } from './devices-tab.tsx';
export { ParametersTab } from './parameters-tab.tsx';
export { PerformanceTab } from './performance-tab.tsx';
export { RealtimeTab } from './realtime-tab.tsx';
export { StatisticsTab } from './statistics-tab.tsx';
