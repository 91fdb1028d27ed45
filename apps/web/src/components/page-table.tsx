import type { PageResult, SortOrder } from '@pvstar/contract/api';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@pvstar/contract/client';
import type { Endpoint } from '@pvstar/contract/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Grid, Table, type TableColumnType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, queryKey } from '../api/call.ts';
import { useSettings } from '../stores/settings.ts';
import { Pager } from './pager.tsx';

/** A server-paged list: page number and size (and a sorted list's order) in the query, the filter as body. */
export type PageEndpoint<Row, Filter> = Endpoint<
  { query: { pageNum?: unknown; pageSize?: unknown; orderBy?: unknown; order?: unknown }; body: Filter },
  PageResult<Row>,
  'json'
>;

export interface PageTableProps<Row, Filter>
  extends Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'loading'> {
  /** A list endpoint: `pageNum`/`pageSize` in the query, the filter as body; `queryKey(endpoint)` refreshes it. */
  endpoint: PageEndpoint<Row, Filter>;
  filter: Filter;
  /** Reads the page again every so many ms (live lists); these reads show no spinner. */
  refetchInterval?: number;
  /** What an empty list says, where "No data" says too little. */
  emptyText?: ReactNode;
}

/**
 * A column the server sorts the list by: `key` is its `orderBy` (one of the list's sortable columns in
 * the contract); `first` the direction of the first click (numbers read best biggest first).
 */
export const sortable = <K extends string>(key: NoInfer<K>, first: SortOrder = 'ascend') => ({
  key,
  sorter: true,
  sortDirections: (first === 'descend' ? ['descend', 'ascend'] : ['ascend', 'descend']) as SortOrder[],
});

type Column<Row> = TableColumnType<Row> & { children?: Column<Row>[] };
type Sort = { orderBy: string; order: SortOrder } | null;

/**
 * Each column with the order it shows: a sortable column's header marks the page's order. On a phone
 * the first column is not held at the left: beside the held actions column it covered the screen.
 */
function withSort<Row>(columns: Column<Row>[], sort: Sort, phone: boolean): Column<Row>[] {
  return columns.map((c) => ({
    minWidth: 80,
    ...c,
    ...(phone && (c.fixed === 'left' || c.fixed === 'start') ? { fixed: undefined } : {}),
    ...(c.sorter === true ? { sortOrder: sort && sort.orderBy === c.key ? sort.order : null } : {}),
    ...(c.children ? { children: withSort(c.children, sort, phone) } : {}),
  }));
}

/**
 * A server-paged table with the requirements' pager (see Pager): sizes 10/20/30/40/50/100, default 10,
 * total · sizes · prev · pages · next, 7 page numbers; column minimum width 80. The chosen size is
 * remembered per list (settings store, local storage). Columns marked `sortable` sort the list on the
 * server (`orderBy`, `order` in the query); a new order starts again at page 1, a new filter keeps it.
 */
export function PageTable<Row extends object, Filter>({
  endpoint,
  filter,
  columns,
  refetchInterval,
  emptyText,
  onChange,
  ...rest
}: PageTableProps<Row, Filter>) {
  const { t } = useTranslation('common');
  const phone = Grid.useBreakpoint().md === false;
  const remembered = useSettings((s) => s.pageSizes[endpoint.operationId]);
  const rememberPageSize = useSettings((s) => s.setPageSize);
  const [page, setPage] = useState(() => ({
    pageNum: 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(remembered ?? 0) ? remembered! : DEFAULT_PAGE_SIZE,
    sort: null as Sort,
  }));
  const filterKey = JSON.stringify(filter);
  const [lastFilter, setLastFilter] = useState(filterKey);
  if (lastFilter !== filterKey) {
    setLastFilter(filterKey);
    setPage((p) => ({ ...p, pageNum: 1 }));
  }
  const pageQuery = { pageNum: page.pageNum, pageSize: page.pageSize, ...page.sort };
  const query = useQuery({
    queryKey: [...queryKey(endpoint), filter, pageQuery],
    queryFn: ({ signal }) => call(endpoint, { query: pageQuery, body: filter }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  // A live list spins on the first load and on a new filter or page, not on every timed read.
  const loading = refetchInterval
    ? query.isPending || (query.isFetching && query.isPlaceholderData)
    : query.isFetching;
  return (
    <>
      <Table<Row>
        rowKey={'id' as never}
        className="pv-page-table"
        // As wide as the page, not as its content: a row too wide for it wraps the names in it (NameText)
        // before the table scrolls sideways. As wide as its content, a table kept
        // within the screen only by cutting names to fixed widths.
        scroll={{ x: true }}
        tableLayout="auto"
        {...rest}
        columns={columns && withSort(columns as Column<Row>[], page.sort, phone)}
        onChange={(pagination, filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = s?.column?.key;
            setPage((p) => ({
              ...p,
              pageNum: 1,
              sort: s?.order && typeof key === 'string' ? { orderBy: key, order: s.order } : null,
            }));
          }
          onChange?.(pagination, filters, sorter, extra);
        }}
        dataSource={query.data?.list ?? []}
        loading={loading}
        locale={{ emptyText: emptyText ?? t('noData') }}
        pagination={false}
      />
      <Pager
        current={page.pageNum}
        pageSize={page.pageSize}
        total={query.data?.total ?? 0}
        onChange={(pageNum, pageSize) => {
          if (pageSize !== page.pageSize) rememberPageSize(endpoint.operationId, pageSize);
          setPage((p) => ({ ...p, pageNum: pageSize !== p.pageSize ? 1 : pageNum, pageSize }));
        }}
      />
    </>
  );
}
