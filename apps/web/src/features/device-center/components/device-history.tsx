import { HISTORY_MAX_METRICS } from '@pvstar/contract/device';
import type { InverterType, StationType } from '@pvstar/contract/enums';
import { type DeviceKind, metricsOf } from '@pvstar/contract/metrics';
import { DatePicker, Empty, Flex, Form, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart.tsx';
import { metricGroupLabel, metricLabel } from '../../../components/metric-label.ts';
import { useDeviceHistory } from '../api/device-api.ts';
import { plantToday } from '../plant-time.ts';
import { defaultMetrics, historyOption } from './history-option.ts';

/** A chart of chosen metrics of one device over one local day of its plant. */
export function DeviceHistoryChart({
  deviceId,
  kind,
  timezone,
  stationType,
  inverterType,
}: {
  deviceId: number;
  kind: DeviceKind;
  timezone: string;
  stationType: StationType;
  inverterType: InverterType | null;
}) {
  const { t, i18n } = useTranslation();
  const today = plantToday(timezone);
  const [date, setDate] = useState(today);
  // The labels name their fields by id: these items have no form field name to make one from.
  const id = useId();
  const [metrics, setMetrics] = useState<string[]>(() => defaultMetrics(kind, stationType, inverterType));
  const history = useDeviceHistory(metrics.length ? { deviceId, date, metrics } : null);
  const defs = metricsOf(kind);
  const groups = [...new Set(defs.map((d) => d.group))];
  const option = useMemo(
    () => (history.data ? historyOption(t, i18n.language, kind, history.data) : null),
    [history.data, t, i18n.language, kind],
  );
  const empty = !history.data || history.data.series.every((s) => s.points.length === 0);

  return (
    <Flex vertical gap={8} data-testid="device-history">
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={t('device:history.date')} htmlFor={`${id}-date`}>
          <DatePicker
            id={`${id}-date`}
            value={dayjs(date)}
            allowClear={false}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            data-testid="history-date"
          />
        </Form.Item>
        <Form.Item
          label={t('device:history.metrics')}
          htmlFor={`${id}-metrics`}
          style={{ flex: 1, minWidth: 260 }}
          help={
            metrics.length >= HISTORY_MAX_METRICS
              ? t('device:history.max', { max: HISTORY_MAX_METRICS })
              : undefined
          }
        >
          <Select
            id={`${id}-metrics`}
            mode="multiple"
            value={metrics}
            onChange={setMetrics}
            maxCount={HISTORY_MAX_METRICS}
            placeholder={t('device:history.choose')}
            showSearch={{ optionFilterProp: 'label' }}
            options={groups.map((g) => ({
              label: metricGroupLabel(t, g),
              title: g,
              options: defs
                .filter((d) => d.group === g)
                .map((d) => ({ value: d.key, label: metricLabel(t, d.key) })),
            }))}
            data-testid="history-metrics"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('device:history.hint', { timezone })}</Typography.Text>
      {metrics.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device:history.choose')} />
      ) : empty && !history.isFetching ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('device:history.empty')}
          data-testid="history-empty"
        />
      ) : (
        option && <EChart option={option} height={340} testId="device-history-chart" />
      )}
    </Flex>
  );
}
