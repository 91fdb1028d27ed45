/** One colour per energy flow, shared by the power-flow drawing and the charts. */
export const FLOW_COLORS = {
  pv: '#f59e0b',
  grid: '#64748b',
  load: '#6366f1',
  battery: '#16a34a',
  ev: '#0ea5e9',
  heatPump: '#ef4444',
} as const;
