import { DEFAULT_PAGE_SIZE } from '@pvstar/contract/client';
import { PERM } from '@pvstar/contract/perm';
import { Card, Empty, Table, type TableColumnsType, type TableColumnType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NameText } from '../../../components/ellipsis-text.tsx';
import { formatNumber, peakUnit } from '../../../components/energy-format.ts';
import { plantLinks } from '../../../components/page-links.ts';
import { Pager, useLocalPaging } from '../../../components/pager.tsx';
import { usePerm } from '../../../permissions/perm.tsx';

/** A column title with its unit: the cells then hold plain numbers, comparable down the column. */
export const withUnit = (title: string, unit: string) => `${title} (${unit})`;

/** A figure of the tables: 2 decimals in the user's language ('—' for none). */
export const figure = (value: number | null | undefined) => formatNumber(value, 2);

/** Width of a figure's column: its title wraps (units and long words in some languages) rather than widen it. */
export const FIGURE_WIDTH = 90;

/** A right-aligned number column, sortable when `sort` is set. */
export function numberColumn<Row>(
  title: ReactNode,
  value: (row: Row) => number | null,
  opts: { key: string; sort?: boolean; render?: (row: Row) => ReactNode; width?: number } = {
    key: String(title),
  },
): TableColumnType<Row> {
  return {
    key: opts.key,
    title,
    align: 'right',
    width: opts.width ?? FIGURE_WIDTH,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_: unknown, row: Row) => opts.render?.(row) ?? figure(value(row)),
    sorter: opts.sort ? (a: Row, b: Row) => (value(a) ?? -1) - (value(b) ?? -1) : undefined,
  };
}

/**
 * The totals row under a table: the label in the first cell, then one cell per leaf column (texts in
 * the columns' order, keyed by column).
 */
export function TotalsRow({
  label,
  cells,
  testId,
}: {
  label: string;
  cells: { key: string; content: ReactNode }[];
  testId: string;
}) {
  return (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>{label}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((cell, i) => (
        <Table.Summary.Cell key={cell.key} index={i + 1} align="right">
          {typeof cell.content === 'string' ? (
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-key={cell.key}>
              {cell.content}
            </Typography.Text>
          ) : (
            <div data-key={cell.key}>{cell.content}</div>
          )}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** A plant's name, whole, leading to the plant's page for those who may open it. */
export function PlantName({ id, name, tab }: { id: number; name: string; tab?: 'alarms' }) {
  const mayOpen = usePerm([PERM.stationDetail]);
  return (
    <NameText
      text={name}
      minWidth={160}
      link={mayOpen ? plantLinks.detail(id, tab) : undefined}
      testId="report-plant-link"
    />
  );
}

/** The columns every per-plant table of the reports starts with: plant, organisation, capacity; sortable. */
export function plantColumns<
  Row extends { id: number; stationName: string; orgName: string; installedCapacity: number | null },
>(t: TFunction): TableColumnsType<Row> {
  return [
    {
      key: 'stationName',
      title: t('common:field.stationName'),
      fixed: 'left',
      sorter: (a, b) => a.stationName.localeCompare(b.stationName),
      render: (_, p) => <PlantName id={p.id} name={p.stationName} />,
    },
    {
      key: 'orgName',
      title: t('common:field.orgId'),
      dataIndex: 'orgName',
      render: (name: string) => <NameText text={name} minWidth={120} />,
      sorter: (a, b) => a.orgName.localeCompare(b.orgName),
    },
    numberColumn<Row>(withUnit(t('common:field.installedCapacity'), peakUnit()), (p) => p.installedCapacity, {
      key: 'installedCapacity',
      sort: true,
    }),
  ];
}

/** A report's per-plant table in its card: paged by 10, scrolling sideways rather than squeezing. */
export function PlantsCard<Row extends { id: number }>({
  title,
  testId,
  columns,
  rows,
}: {
  title: string;
  testId: string;
  columns: TableColumnsType<Row>;
  rows: Row[];
}) {
  const { t } = useTranslation();
  const paging = useLocalPaging(rows.length);
  return (
    <Card size="small" title={title} styles={{ body: { paddingTop: 8 } }}>
      <Table<Row>
        data-testid={testId}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />,
        }}
        pagination={paging.table}
      />
      {/* One page needs no pager. */}
      {rows.length > DEFAULT_PAGE_SIZE && <Pager {...paging.pager} />}
    </Card>
  );
}
