import { InfoCircleOutlined } from '@ant-design/icons';
import type { PlantStatus } from '@pvstar/contract/enums';
import { type FleetFigures, type FleetReport, type FleetRow, REPORT_LEVELS } from '@pvstar/contract/report';
import { Card, Empty, Flex, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatNumber, peakUnit } from '../../../components/energy-format.ts';
import {
  energyFigureLabel,
  PLANT_STATUS_COLOR,
  plantStatusLabel,
} from '../../../components/monitor-labels.ts';
import { OrgTypeTag } from '../../../components/status-tags.tsx';
import { ALARM_LEVEL_COLOR, alarmLevelLabel } from '../../../entities/alarm/alarm-labels.ts';
import {
  AVAILABILITY_KEYS,
  AVAILABILITY_WIDTH,
  AvailabilityTitle,
  FleetPlants,
  groupAvailability,
  percent,
} from './fleet-availability.tsx';
import { figure, numberColumn, TotalsRow, withUnit } from './report-table.tsx';
import { CurrencyNote } from './report-view.tsx';

/** Indent per level of the organisation tree. */
const INDENT = 20;
/** Statuses in the order of the dashboard: the good news first. */
const STATUSES: PlantStatus[] = ['NORMAL', 'WARNING', 'FAULT', 'OFFLINE'];

/** One count per status or level, each in the colour its tag has everywhere, named by its tooltip. */
interface Part {
  key: string;
  label: string;
  color: string;
}

/**
 * Counts side by side in one cell (four statuses, five alarm levels): as separate columns they made
 * the table twice as wide as the page. A zero stays grey, so that what needs attention stands out.
 */
function Counts({
  parts,
  counts,
  testId,
}: {
  parts: Part[];
  counts: Record<string, number>;
  testId: string;
}) {
  return (
    <Flex gap={4} justify="flex-end" wrap={false} data-testid={testId}>
      {parts.map((p) => (
        <Tooltip key={p.key} title={p.label}>
          <Tag
            color={counts[p.key] ? p.color : undefined}
            data-key={p.key}
            data-count={counts[p.key]}
            style={{ marginInlineEnd: 0, minWidth: 34, textAlign: 'center' }}
          >
            {formatNumber(counts[p.key], 0)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

/** A column title whose tooltip names the coloured counts below it, in their order. */
function Legend({ title, parts }: { title: string; parts: Part[] }) {
  return (
    <Tooltip
      title={
        <Flex vertical gap={4} align="flex-start">
          {parts.map((p) => (
            <Tag key={p.key} color={p.color} style={{ marginInlineEnd: 0 }}>
              {p.label}
            </Tag>
          ))}
        </Flex>
      }
    >
      <span style={{ whiteSpace: 'nowrap' }}>
        {title} <InfoCircleOutlined />
      </span>
    </Tooltip>
  );
}

/** The parts the plants' statuses and the alarms' levels are counted in. */
function fleetParts(t: TFunction) {
  const statuses: Part[] = STATUSES.map((s) => ({
    key: s,
    label: plantStatusLabel(t, s),
    color: PLANT_STATUS_COLOR[s],
  }));
  const levels: Part[] = REPORT_LEVELS.map((l) => ({
    key: l,
    label: alarmLevelLabel(t, l),
    color: ALARM_LEVEL_COLOR[l],
  }));
  return { statuses, levels };
}

/** The fleet by organisation: each organisation's own plants, in tree order, and the totals. */
export function FleetTab({ report }: { report: FleetReport }) {
  const { t } = useTranslation();
  const currency = report.currency ?? 'EUR';
  const { statuses, levels } = fleetParts(t);

  /** Every figure after the name and the type, for the rows and the totals alike. */
  const figures: {
    key: string;
    title: ReactNode;
    width?: number;
    cell: (f: FleetFigures, testId: string) => ReactNode;
  }[] = [
    {
      key: 'plantCount',
      title: t('report:fleet.plants'),
      width: 80,
      cell: (f) => formatNumber(f.plantCount, 0),
    },
    {
      key: 'status',
      title: <Legend title={t('report:fleet.status')} parts={statuses} />,
      cell: (f, testId) => <Counts parts={statuses} counts={f.statusCounts} testId={`${testId}-status`} />,
    },
    {
      key: 'installedCapacity',
      title: withUnit(t('common:field.installedCapacity'), peakUnit()),
      cell: (f) => figure(f.installedCapacity),
    },
    {
      key: 'generation',
      title: withUnit(energyFigureLabel(t, 'generation'), 'kWh'),
      cell: (f) => figure(f.generation),
    },
    {
      key: 'revenue',
      title: withUnit(energyFigureLabel(t, 'revenue'), currency),
      cell: (f) => figure(f.revenue),
    },
    ...AVAILABILITY_KEYS.map((key) => ({
      key,
      title: <AvailabilityTitle figure={key} />,
      width: AVAILABILITY_WIDTH,
      cell: (f: FleetFigures) => <span data-key={key}>{percent(f[key])}</span>,
    })),
    {
      key: 'alarms',
      title: <Legend title={t('report:fleet.alarms')} parts={levels} />,
      cell: (f, testId) => <Counts parts={levels} counts={f.alarms} testId={`${testId}-alarms`} />,
    },
  ];

  const leaves: TableColumnsType<FleetRow> = [
    {
      key: 'orgName',
      title: t('common:field.orgId'),
      fixed: 'left',
      render: (_, row) => (
        <span
          style={{ paddingInlineStart: row.depth * INDENT, whiteSpace: 'nowrap' }}
          data-testid="report-fleet-org"
          data-depth={row.depth}
        >
          <EllipsisText text={row.orgName} maxWidth={Math.max(120, 220 - row.depth * INDENT)} />
        </span>
      ),
    },
    { key: 'orgType', title: t('common:field.type'), render: (_, row) => <OrgTypeTag type={row.orgType} /> },
    ...figures.map((f) =>
      numberColumn<FleetRow>(f.title, () => null, {
        key: f.key,
        width: f.width,
        render: (row) => f.cell(row, 'report-fleet-row'),
      }),
    ),
  ];
  const columns = groupAvailability(leaves, withUnit(t('report:fleet.availability'), '%'));
  return (
    <Flex vertical gap={16}>
      <CurrencyNote report={report} />
      <Card size="small" title={t('report:fleet.title')} styles={{ body: { paddingTop: 8 } }}>
        <Table<FleetRow>
          data-testid="report-fleet-table"
          rowKey="orgId"
          size="small"
          columns={columns}
          dataSource={report.rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />,
          }}
          summary={() => (
            <Table.Summary>
              <TotalsRow
                testId="report-fleet-totals"
                label={t('plant:stats.total')}
                cells={[
                  { key: 'orgType', content: '' },
                  ...figures.map((f) => ({
                    key: f.key,
                    content: f.cell(report.totals, 'report-fleet-total'),
                  })),
                ]}
              />
            </Table.Summary>
          )}
        />
      </Card>
      <FleetPlants report={report} />
    </Flex>
  );
}
