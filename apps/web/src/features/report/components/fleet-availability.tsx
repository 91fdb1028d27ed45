import { InfoCircleOutlined } from '@ant-design/icons';
import type { AvailabilityFigures, FleetPlant, FleetReport } from '@pvstar/contract/report';
import { type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { energyFigureLabel } from '../../../components/monitor-labels.ts';
import { figure, numberColumn, PlantsCard, plantColumns, withUnit } from './report-table.tsx';

/** The two availabilities of IEC 61724-1 (docs/reports.md), each with what it means in its tooltip. */
export type AvailabilityKey = 'availability' | 'dataAvailability';
export const AVAILABILITY_KEYS: AvailabilityKey[] = ['availability', 'dataAvailability'];

/** A ratio as a percentage with one decimal in the reader's language; '—' when there was nothing to count. */
export const percent = (v: number | null) => (v === null ? '—' : formatNumber(v * 100, 1));

/** Each figure's short name under the group title "Availability (%)", and what it means. */
const TEXTS: Record<AvailabilityKey, { label: string; hint: string }> = {
  availability: { label: 'report:fleet.availabilityIec', hint: 'report:fleet.availabilityHint' },
  dataAvailability: { label: 'report:fleet.dataAvailability', hint: 'report:fleet.dataAvailabilityHint' },
};

/** A column title saying what the figure means in its tooltip. */
export function AvailabilityTitle({ figure: key }: { figure: AvailabilityKey }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(TEXTS[key].hint)}>
      <span data-testid={`report-${key}-title`} style={{ whiteSpace: 'nowrap' }}>
        {t(TEXTS[key].label)} <InfoCircleOutlined />
      </span>
    </Tooltip>
  );
}

/**
 * Width of an availability column. Both sit under one title, "Availability (%)", with short names of
 * their own: as two full titles ("Datenverfügbarkeit (%)") they pushed the alarms off the page.
 */
export const AVAILABILITY_WIDTH = 100;

export const availabilityColumn = <Row extends AvailabilityFigures>(key: AvailabilityKey, sort = false) =>
  numberColumn<Row>(<AvailabilityTitle figure={key} />, (r) => r[key], {
    key,
    sort,
    width: AVAILABILITY_WIDTH,
    render: (r) => <span data-key={key}>{percent(r[key])}</span>,
  });

/** The two availability columns of a table (adjacent, availability first) under one group title. */
export function groupAvailability<Row>(columns: TableColumnsType<Row>, title: string): TableColumnsType<Row> {
  const at = columns.findIndex((c) => c.key === 'availability');
  if (at < 0) return columns;
  const n = AVAILABILITY_KEYS.length;
  return [
    ...columns.slice(0, at),
    { key: 'availabilities', title, align: 'center', children: columns.slice(at, at + n) },
    ...columns.slice(at + n),
  ];
}

/** Availability per plant, the least available first (the server's order); sortable. */
export function FleetPlants({ report }: { report: FleetReport }) {
  const { t } = useTranslation();
  const leaves: TableColumnsType<FleetPlant> = [
    ...plantColumns<FleetPlant>(t),
    numberColumn<FleetPlant>(t('report:fleet.inverters'), (p) => p.inverters, {
      key: 'inverters',
      sort: true,
      render: (p) => formatNumber(p.inverters, 0),
    }),
    numberColumn<FleetPlant>(withUnit(energyFigureLabel(t, 'generation'), 'kWh'), (p) => p.generation, {
      key: 'generation',
      sort: true,
      render: (p) => figure(p.generation),
    }),
    ...AVAILABILITY_KEYS.map((key) => ({
      ...availabilityColumn<FleetPlant>(key, true),
      showSorterTooltip: false,
    })),
  ];
  const columns = groupAvailability(leaves, withUnit(t('report:fleet.availability'), '%'));
  return (
    <PlantsCard<FleetPlant>
      title={t('report:fleet.byPlant')}
      testId="report-fleet-plants"
      columns={columns}
      rows={report.plants}
    />
  );
}
