import type { EnergyReport, ReportCurrency } from '@pvstar/contract/report';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton, Spin, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCapacity, formatNumber } from '../../../components/energy-format.ts';
import { formatDay } from '../../../components/format.ts';
import { dateTypeLabel } from '../../../components/monitor-labels.ts';

type ReportHead = Pick<EnergyReport, 'dateType' | 'from' | 'to' | 'plantCount' | 'installedCapacity'>;

/**
 * A report's frame: a skeleton until the first answer, an error with a retry when it failed (the client
 * has shown the server's message), then the period it covers and the report, dimmed while the next one
 * loads; "no data" when the scope holds no plant.
 */
export function ReportView<T extends ReportHead>({
  query,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = query.data;
  if (!data) {
    if (query.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('report:loadFailed')}
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('report:bar.refresh')}
            </Button>
          }
        />
      );
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  return (
    <Spin spinning={query.isFetching} delay={200}>
      <Flex
        vertical
        gap={16}
        data-testid={testId}
        data-date-type={data.dateType}
        data-from={data.from}
        data-to={data.to}
      >
        <Typography.Text type="secondary" data-testid="report-head">
          {[
            t('report:head.period', {
              type: dateTypeLabel(t, data.dateType),
              from: formatDay(data.from),
              to: formatDay(data.to),
            }),
            t('report:head.plants', { n: formatNumber(data.plantCount, 0) }),
            t('report:head.capacity', { value: formatCapacity(data.installedCapacity) }),
          ].join(' · ')}
        </Typography.Text>
        {data.plantCount === 0 ? (
          <Empty description={t('common:noData')} data-testid="report-empty" />
        ) : (
          children(data)
        )}
      </Flex>
    </Spin>
  );
}

/** A currency and how many of the report's plants use it. */
export const currencyOption = (t: TFunction, c: ReportCurrency) =>
  t('report:bar.currencyOption', { currency: c.currency, n: formatNumber(c.plantCount, 0) });

/** Revenue adds up one currency: say which, and how many plants in others are left out. */
export function CurrencyNote({ report }: { report: Pick<EnergyReport, 'currency' | 'currencies'> }) {
  const { t } = useTranslation();
  const others = report.currencies.filter((c) => c.currency !== report.currency);
  if (!report.currency || others.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="report-currency-note"
      title={t('report:currencyNote', {
        currency: report.currency,
        list: others.map((c) => currencyOption(t, c)).join(', '),
      })}
    />
  );
}

/** One headline figure; `data-value` carries the unformatted number for the browser tests. */
export function ReportStat({
  testId,
  title,
  value,
  raw,
}: {
  testId: string;
  title: string;
  value: string;
  raw: number | null;
}) {
  return (
    <Card size="small" data-testid={testId} data-value={raw ?? ''} style={{ height: '100%' }}>
      <Statistic
        title={
          <Typography.Text type="secondary" ellipsis={{ tooltip: title }}>
            {title}
          </Typography.Text>
        }
        value={value}
        styles={{ content: { fontSize: 20 } }}
      />
    </Card>
  );
}
