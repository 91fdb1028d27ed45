import type { EnergyFigure } from '@pvstar/contract/enums';
import type { EnergyFigures, EnergyRow } from '@pvstar/contract/plant-data';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatEnergy, formatMoney, formatPercent } from '../../../../components/energy-format.ts';
import { FLOW_COLORS } from '../../../../components/flow-colors.ts';
import { formatPeriod } from '../../../../components/format.ts';
import { energyFigureLabel } from '../../../../components/monitor-labels.ts';

/** The energy figures charted as bars (kWh); revenue is the line on its own axis. */
export const BARS: { figure: EnergyFigure; color: string }[] = [
  { figure: 'generation', color: FLOW_COLORS.pv },
  { figure: 'consumption', color: FLOW_COLORS.load },
  { figure: 'charge', color: FLOW_COLORS.battery },
  { figure: 'discharge', color: '#86efac' },
  { figure: 'feedIn', color: FLOW_COLORS.ev },
  { figure: 'purchase', color: FLOW_COLORS.grid },
];

/** The columns of the statistics table: the period, the energy figures, self-sufficiency and revenue. */
export function statisticsColumns(t: TFunction, currency: string): TableColumnsType<EnergyRow> {
  const energyCol = (figure: EnergyFigure) => ({
    title: energyFigureLabel(t, figure),
    dataIndex: figure,
    align: 'right' as const,
    render: (v: number) => formatEnergy(v),
  });
  return [
    {
      title: t('plant:stats.period'),
      dataIndex: 'period',
      fixed: 'left',
      render: (v: string) => formatPeriod(v),
    },
    ...BARS.map((b) => energyCol(b.figure)),
    energyCol('selfConsumption'),
    {
      title: energyFigureLabel(t, 'selfSufficiency'),
      dataIndex: 'selfSufficiency',
      align: 'right',
      render: (v: number) => formatPercent(v),
    },
    {
      title: energyFigureLabel(t, 'revenue'),
      dataIndex: 'revenue',
      align: 'right',
      render: (v: number) => formatMoney(v, currency),
    },
  ];
}

/** The totals row's cells, in the columns' order after the period. */
export const totalCells = (totals: EnergyFigures, currency: string) => [
  ...BARS.map((b) => formatEnergy(totals[b.figure])),
  formatEnergy(totals.selfConsumption),
  formatPercent(totals.selfSufficiency),
  formatMoney(totals.revenue, currency),
];
