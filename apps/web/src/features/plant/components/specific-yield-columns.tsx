import { QuestionCircleOutlined } from '@ant-design/icons';
import type { StationRow, StationSort } from '@pvstar/contract/station';
import { Space, type TableColumnType, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { formatSpecificYield } from '../../../components/energy-format.ts';
import { sortable } from '../../../components/page-table.tsx';

/** Specific yield (kWh/kWp) of today, this month and this year in the plant's calendar; "—" without capacity. */
export function specificYieldColumns(t: TFunction): TableColumnType<StationRow> {
  const column = (period: 'today' | 'month' | 'year'): TableColumnType<StationRow> => ({
    title: t(`plant:yield.${period}`),
    dataIndex: ['specificYield', period],
    align: 'right',
    ...sortable<StationSort>(`${period}Yield`, 'descend'),
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
