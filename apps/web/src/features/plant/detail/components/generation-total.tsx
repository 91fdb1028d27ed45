import { InfoCircleOutlined } from '@ant-design/icons';
import { UNIT_SPACE } from '@pvstar/contract/figures';
import type { LifetimeSource, PlantOverview } from '@pvstar/contract/plant-data';
import { Card, Space, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatSpecificYield, yieldUnit } from '../../../../components/energy-format.ts';

/** What each source of the total means, for its tooltip. */
const SOURCE_TEXT: Record<LifetimeSource, string> = {
  COUNTERS: 'plant:kpi.lifetime.COUNTERS',
  DAYS: 'plant:kpi.lifetime.DAYS',
  MIXED: 'plant:kpi.lifetime.MIXED',
};

/**
 * The plant's total generation (the inverters' lifetime counters, as the real-time tab shows them; stored
 * days where an inverter sent none), saying where it comes from, and the days stored since it is in the
 * portal beneath (docs/energy.md "Total generation").
 */
export function GenerationTotal({ o }: { o: PlantOverview }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type="secondary" data-testid="kpi-lifetime" data-source={o.lifetime.source}>
        {`${t('plant:kpi.total')}: ${formatEnergy(o.lifetime.generation)} `}
        <Tooltip title={t(SOURCE_TEXT[o.lifetime.source])}>
          <InfoCircleOutlined aria-label={t(SOURCE_TEXT[o.lifetime.source])} />
        </Tooltip>
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="kpi-since-portal">
        {`${t('plant:kpi.sinceInPortal')}: ${formatEnergy(o.total.generation)}`}
      </Typography.Text>
    </Space>
  );
}

/** Specific yield (kWh/kWp) of today large, this month and this year beneath; "—" without capacity. */
export function SpecificYieldCard({ o }: { o: PlantOverview }) {
  const { t } = useTranslation();
  const y = o.specificYield;
  return (
    <Card size="small" data-testid="kpi-yield">
      <Statistic
        title={`${t('plant:kpi.yield')} · ${t('plant:kpi.today')}`}
        value={formatSpecificYield(y.today)}
        // After a no-break space: the figure reads "0,00 kWh/kWp" (copied, read aloud), not "0,00kWh/kWp".
        suffix={<span style={{ fontSize: 14 }}>{`${UNIT_SPACE}${yieldUnit()}`}</span>}
      />
      <Typography.Text type="secondary">
        {t('plant:kpi.yieldPeriods', {
          month: formatSpecificYield(y.month),
          year: formatSpecificYield(y.year),
        })}
      </Typography.Text>
    </Card>
  );
}
