import type { EnergyReport, EnergyReportPlant, EnergyReportRow } from '@pvstar/contract/report';
import { Card, Col, Empty, Flex, Row, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatEnergy,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSpecificYieldWithUnit,
  yieldUnit,
} from '../../../components/energy-format.ts';
import { formatPeriod } from '../../../components/format.ts';
import { energyFigureLabel } from '../../../components/monitor-labels.ts';
import { EnergyChart } from './energy-chart.tsx';
import { figure, numberColumn, PlantsCard, plantColumns, TotalsRow, withUnit } from './report-table.tsx';
import { CurrencyNote, ReportStat } from './report-view.tsx';

type Totals = EnergyReport['totals'];
type Key = Exclude<keyof EnergyReportRow, 'period'>;

const KWH = 'kWh';

/** The headline figures of the period. */
function EnergyTotals({ report }: { report: EnergyReport }) {
  const { t } = useTranslation();
  const totals = report.totals;
  const currency = report.currency ?? 'EUR';
  const stats: { key: keyof Totals; title: string; value: string }[] = [
    { key: 'generation', title: energyFigureLabel(t, 'generation'), value: formatEnergy(totals.generation) },
    {
      key: 'consumption',
      title: energyFigureLabel(t, 'consumption'),
      value: formatEnergy(totals.consumption),
    },
    {
      key: 'selfConsumption',
      title: energyFigureLabel(t, 'selfConsumption'),
      value: formatEnergy(totals.selfConsumption),
    },
    {
      key: 'selfSufficiency',
      title: energyFigureLabel(t, 'selfSufficiency'),
      value: formatPercent(totals.selfSufficiency),
    },
    { key: 'feedIn', title: energyFigureLabel(t, 'feedIn'), value: formatEnergy(totals.feedIn) },
    { key: 'purchase', title: energyFigureLabel(t, 'purchase'), value: formatEnergy(totals.purchase) },
    { key: 'revenue', title: energyFigureLabel(t, 'revenue'), value: formatMoney(totals.revenue, currency) },
    {
      key: 'specificYield',
      title: t('report:figure.specificYield'),
      value: formatSpecificYieldWithUnit(totals.specificYield),
    },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="report-energy-totals">
      {stats.map((s) => (
        <Col key={s.key} xs={12} md={8} xl={6} xxl={3}>
          <ReportStat testId={`report-total-${s.key}`} title={s.title} value={s.value} raw={totals[s.key]} />
        </Col>
      ))}
    </Row>
  );
}

/** Every figure of a period row, in the order of the export's columns. */
function useFigures(currency: string) {
  const { t } = useTranslation();
  const energy = (
    key: Exclude<Key, 'selfSufficiency' | 'revenue' | 'accumulatedRevenue' | 'specificYield'>,
  ) => ({
    key,
    title: withUnit(energyFigureLabel(t, key), KWH),
    text: (v: number | null) => figure(v),
  });
  return [
    energy('generation'),
    energy('consumption'),
    energy('charge'),
    energy('discharge'),
    energy('selfConsumption'),
    {
      key: 'selfSufficiency',
      title: withUnit(energyFigureLabel(t, 'selfSufficiency'), '%'),
      text: (v: number | null) => (v === null ? '—' : formatNumber(v * 100, 1)),
    },
    energy('feedIn'),
    energy('purchase'),
    { key: 'revenue', title: withUnit(energyFigureLabel(t, 'revenue'), currency), text: figure },
    {
      key: 'accumulatedRevenue',
      title: withUnit(t('report:figure.accumulatedRevenue'), currency),
      text: figure,
    },
    { key: 'specificYield', title: withUnit(t('report:figure.specificYield'), yieldUnit()), text: figure },
  ] satisfies { key: Key; title: string; text: (v: number | null) => string }[];
}

/** One row per day, month or year, and the totals under them. */
function PeriodTable({ report }: { report: EnergyReport }) {
  const { t } = useTranslation();
  const figures = useFigures(report.currency ?? 'EUR');
  const columns: TableColumnsType<EnergyReportRow> = [
    {
      key: 'period',
      title: t('plant:stats.period'),
      dataIndex: 'period',
      fixed: 'left',
      render: (v: string) => formatPeriod(v),
    },
    ...figures.map((f) =>
      numberColumn<EnergyReportRow>(f.title, (r) => r[f.key], {
        key: f.key,
        render: (r) => f.text(r[f.key]),
      }),
    ),
  ];
  // Accumulated up to the last period is the total revenue.
  const total = (key: Key): number | null =>
    key === 'accumulatedRevenue' ? report.totals.revenue : report.totals[key];
  return (
    <Card size="small" title={t('report:energy.byPeriod')} styles={{ body: { paddingTop: 8 } }}>
      <Table<EnergyReportRow>
        data-testid="report-energy-table"
        rowKey="period"
        size="small"
        columns={columns}
        dataSource={report.rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 440 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />,
        }}
        summary={() => (
          <Table.Summary fixed="bottom">
            <TotalsRow
              testId="report-energy-table-totals"
              label={t('plant:stats.total')}
              cells={figures.map((f) => ({ key: f.key, content: f.text(total(f.key)) }))}
            />
          </Table.Summary>
        )}
      />
    </Card>
  );
}

/** The same period per plant, biggest generation first; sortable. */
function PlantTable({ report }: { report: EnergyReport }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<EnergyReportPlant> = [
    ...plantColumns<EnergyReportPlant>(t),
    numberColumn<EnergyReportPlant>(withUnit(energyFigureLabel(t, 'generation'), KWH), (p) => p.generation, {
      key: 'generation',
      sort: true,
    }),
    numberColumn<EnergyReportPlant>(
      withUnit(energyFigureLabel(t, 'consumption'), KWH),
      (p) => p.consumption,
      {
        key: 'consumption',
        sort: true,
      },
    ),
    numberColumn<EnergyReportPlant>(energyFigureLabel(t, 'revenue'), (p) => p.revenue, {
      key: 'revenue',
      sort: true,
      // A plant in another currency is not in the totals: its revenue shows, greyed.
      render: (p) => (
        <Typography.Text type={p.currency === report.currency ? undefined : 'secondary'}>
          {formatMoney(p.revenue, p.currency)}
        </Typography.Text>
      ),
    }),
    numberColumn<EnergyReportPlant>(
      withUnit(t('report:figure.specificYield'), yieldUnit()),
      (p) => p.specificYield,
      {
        key: 'specificYield',
        sort: true,
      },
    ),
  ];
  return (
    <PlantsCard<EnergyReportPlant>
      title={t('report:energy.byPlant')}
      testId="report-energy-plants"
      columns={columns}
      rows={report.plants}
    />
  );
}

/** Energy and revenue: the totals, the chart, the figures by period and by plant. */
export function EnergyTab({ report }: { report: EnergyReport }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <CurrencyNote report={report} />
      <EnergyTotals report={report} />
      <Card size="small" title={t('report:energy.chart')}>
        {report.rows.length > 0 ? (
          <EnergyChart report={report} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />
        )}
      </Card>
      <PeriodTable report={report} />
      <PlantTable report={report} />
    </Flex>
  );
}
