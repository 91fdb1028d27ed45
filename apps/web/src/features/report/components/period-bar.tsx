import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { DATE_TYPES } from '@pvstar/contract/enum-values';
import type { DateType } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';
import type { ReportCurrency } from '@pvstar/contract/report';
import { Button, Flex, Segmented, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeField } from '../../../components/date-range.tsx';
import { dateTypeLabel } from '../../../components/monitor-labels.ts';
import { usePerm } from '../../../permissions/perm.tsx';
import { type PlantPick, PlantSelect } from './plant-select.tsx';
import { currencyOption } from './report-view.tsx';

/**
 * The period and plants shared by the three reports: the date type, the from–to (none for the total),
 * the plants (energy and alarms), the currency when the plants use more than one, refresh and export.
 */
export function PeriodBar({
  dateType,
  onDateType,
  range,
  onRange,
  plants,
  onPlants,
  currency,
  onCurrency,
  refreshing,
  onRefresh,
  exporting,
  onExport,
  extra,
}: {
  dateType: DateType;
  onDateType: (type: DateType) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
  /** Absent where the report is not by plant (the fleet). */
  plants?: PlantPick[];
  onPlants: (plants: PlantPick[]) => void;
  /** Absent unless the report's plants use more than one currency. */
  currency?: { value: string; options: ReportCurrency[] };
  onCurrency: (currency: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  exporting: boolean;
  onExport: () => void;
  /** More buttons after export (reports by e-mail). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  // The plants are offered from the plant list, which only its own permission opens.
  const mayPick = usePerm([PERM.stationMonitor]);
  return (
    <Flex wrap gap={12} align="center" justify="space-between" data-testid="report-bar">
      <Flex wrap gap={12} align="center" style={{ minWidth: 0 }}>
        <Segmented<DateType>
          data-testid="report-date-type"
          value={dateType}
          onChange={onDateType}
          options={DATE_TYPES.map((type) => ({
            value: type,
            label: <span data-testid={`report-date-type-${type}`}>{dateTypeLabel(t, type)}</span>,
          }))}
        />
        {dateType !== 'total' && (
          <DateRangeField testId="report-range" picker={dateType} value={range} onChange={onRange} />
        )}
        {plants && mayPick && <PlantSelect value={plants} onChange={onPlants} />}
        {currency && (
          <Select
            data-testid="report-currency"
            style={{ minWidth: 150 }}
            popupMatchSelectWidth={false}
            value={currency.value}
            onChange={onCurrency}
            prefix={t('common:field.currency')}
            labelRender={({ value }) => String(value)}
            options={currency.options.map((c) => ({ value: c.currency, label: currencyOption(t, c) }))}
          />
        )}
      </Flex>
      <Flex wrap gap={8}>
        <Button
          type="primary"
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={onRefresh}
          data-testid="report-build"
        >
          {t('report:bar.refresh')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={onExport}
          data-testid="report-export"
        >
          {t('report:bar.export')}
        </Button>
        {extra}
      </Flex>
    </Flex>
  );
}
