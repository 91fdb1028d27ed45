import { type DeviceKind, metricsOf } from '@pvstar/contract/metrics';
import { Descriptions, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';
import { formatMetric, metricGroupLabel, metricLabel } from '../../../components/metric-label.ts';

/** Every metric of the catalogue for the device's kind, by the catalogue's groups, with its newest value. */
export function DeviceMetrics({
  kind,
  latest,
}: {
  kind: DeviceKind;
  latest: { ts: string; data: Record<string, number> } | null;
}) {
  const { t, i18n } = useTranslation();
  const defs = metricsOf(kind);
  const groups = [...new Set(defs.map((d) => d.group))];
  return (
    <Flex vertical gap={12} data-testid="device-metrics">
      {latest ? (
        <Typography.Text type="secondary">
          {t('device:detail.valuesAt', { time: formatDateTime(latest.ts) })}
        </Typography.Text>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device:detail.noValues')} />
      )}
      {groups.map((group) => (
        <Descriptions
          key={group}
          size="small"
          bordered
          title={metricGroupLabel(t, group)}
          column={{ xs: 1, sm: 2, md: 2, lg: 3 }}
          data-testid={`metric-group-${group}`}
          items={defs
            .filter((d) => d.group === group)
            .map((d) => ({
              key: d.key,
              label: metricLabel(t, d.key),
              children: (
                <span data-metric={d.key} style={{ whiteSpace: 'nowrap' }}>
                  {formatMetric(d, latest?.data[d.key], i18n.language)}
                </span>
              ),
            }))}
        />
      ))}
    </Flex>
  );
}
