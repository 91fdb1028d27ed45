import { QuestionCircleOutlined } from '@ant-design/icons';
import type { StationPageBody, StationRow, StationSort } from '@pvstar/contract/station';
import { STATION_SORTS } from '@pvstar/contract/station';
import { Space, type TableColumnType, type TableProps, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { formatSpecificYield } from '../../../components/energy-format.ts';

/** The plant list's order, sent with the filter: the list is paged, so the server sorts. */
export type PlantListSort = Pick<StationPageBody, 'sortBy' | 'sortOrder'>;

type Sorter = Parameters<NonNullable<TableProps<StationRow>['onChange']>>[2];

/** A column sorted on the server by `key`, showing the current order. */
export function sortable(key: StationSort, sort: PlantListSort): Partial<TableColumnType<StationRow>> {
  return {
    key,
    sorter: true,
    sortDirections: ['descend', 'ascend'],
    sortOrder: sort.sortBy === key ? (sort.sortOrder === 'asc' ? 'ascend' : 'descend') : null,
  };
}

/** The table's sorter as the page body's order; none chosen: the default (newest first). */
export function sortOf(sorter: Sorter): PlantListSort {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = s?.columnKey as StationSort | undefined;
  if (!s?.order || !key || !STATION_SORTS.includes(key)) return {};
  return { sortBy: key, sortOrder: s.order === 'ascend' ? 'asc' : 'desc' };
}

/** Specific yield (kWh/kWp) of today, this month and this year in the plant's calendar; "—" without capacity. */
export function specificYieldColumns(t: TFunction, sort: PlantListSort): TableColumnType<StationRow> {
  const column = (period: 'today' | 'month' | 'year'): TableColumnType<StationRow> => ({
    title: t(`plant:yield.${period}`),
    dataIndex: ['specificYield', period],
    align: 'right',
    ...sortable(`${period}Yield`, sort),
    render: (v: number | null) => formatSpecificYield(v),
  });
  return {
    title: (
      <Space size={4} style={{ whiteSpace: 'nowrap' }}>
        {t('plant:yield.title')}
        <Tooltip title={t('plant:yield.hint')}>
          <QuestionCircleOutlined aria-label={t('plant:yield.hint')} />
        </Tooltip>
      </Space>
    ),
    key: 'specificYield',
    children: [column('today'), column('month'), column('year')],
  } as TableColumnType<StationRow>;
}
