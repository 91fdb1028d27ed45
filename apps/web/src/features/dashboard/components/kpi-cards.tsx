import {
  AlertOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  EuroCircleOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { Dashboard } from '@pvstar/contract/dashboard';
import { Card, Col, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCapacity,
  formatEnergy,
  formatMoney,
  formatNumber,
  formatSpecificYield,
} from '../../../components/energy-format.ts';

function Kpi({
  testId,
  icon,
  color,
  title,
  value,
  footer,
}: {
  testId: string;
  icon: ReactNode;
  color: string;
  title: string;
  value: string;
  footer?: ReactNode;
}) {
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <span
          style={{
            fontSize: 22,
            color,
            background: `${color}1a`,
            borderRadius: 8,
            width: 40,
            height: 40,
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
          }}
        >
          {icon}
        </span>
        <div style={{ minWidth: 0 }}>
          {/* Title over value as antd's Statistic lays it out, without its code in the first load. */}
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
            {title}
          </Typography.Text>
          <div className="pv-kpi-value" style={{ fontSize: 22, whiteSpace: 'nowrap', lineHeight: 1.35 }}>
            {value}
          </div>
          {footer && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {footer}
            </Typography.Text>
          )}
        </div>
      </div>
    </Card>
  );
}

/** The six headline figures of the caller's plants. */
export function KpiCards({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const currency = data.currency ?? 'EUR';
  const others = data.revenueByCurrency.filter((c) => c.currency !== data.currency);
  const span = { xs: 24, sm: 12, lg: 8, xxl: 4 };
  return (
    <Row gutter={[16, 16]}>
      <Col {...span}>
        <Kpi
          testId="kpi-fault"
          icon={<AlertOutlined />}
          color={data.faultCount > 0 ? token.colorError : token.colorTextTertiary}
          title={t('kpi.faultCount')}
          value={formatNumber(data.faultCount, 0)}
          footer={
            <>
              {t('kpi.faultHint')}
              <br />
              <span data-testid="kpi-alarm-count" data-count={data.alarmCount}>
                {t('kpi.alarmCount', { n: formatNumber(data.alarmCount, 0) })}
              </span>
            </>
          }
        />
      </Col>
      <Col {...span}>
        <Kpi
          testId="kpi-today"
          icon={<ThunderboltOutlined />}
          color={token.colorWarning}
          title={t('kpi.todayGeneration')}
          value={formatEnergy(data.todayGeneration)}
          footer={
            <span data-testid="kpi-yield">
              {t('kpi.specificYield', {
                today: formatSpecificYield(data.specificYield.today),
                month: formatSpecificYield(data.specificYield.month),
                year: formatSpecificYield(data.specificYield.year),
              })}
            </span>
          }
        />
      </Col>
      <Col {...span}>
        <Kpi
          testId="kpi-total"
          icon={<DashboardOutlined />}
          color={token.colorSuccess}
          title={t('kpi.totalGeneration')}
          value={formatEnergy(data.totalGeneration)}
          footer={t('kpi.totalBasis')}
        />
      </Col>
      <Col {...span}>
        <Kpi
          testId="kpi-plants"
          icon={<AppstoreOutlined />}
          color={token.colorPrimary}
          title={t('kpi.plantCount')}
          value={formatNumber(data.plantCount, 0)}
        />
      </Col>
      <Col {...span}>
        <Kpi
          testId="kpi-capacity"
          icon={<ToolOutlined />}
          color="#13c2c2"
          title={t('kpi.installedCapacity')}
          value={formatCapacity(data.installedCapacity)}
          footer={t('kpi.storage', { value: formatCapacity(data.energyStorage, 'kWh') })}
        />
      </Col>
      <Col {...span}>
        <Kpi
          testId="kpi-revenue"
          icon={<EuroCircleOutlined />}
          color="#722ed1"
          title={t('kpi.totalRevenue')}
          value={formatMoney(data.totalRevenue, currency)}
          footer={
            <>
              {t('kpi.todayRevenue', { value: formatMoney(data.todayRevenue, currency) })}
              {others.length > 0 && (
                <>
                  <br />
                  {t('kpi.otherCurrencies', {
                    list: others.map((c) => formatMoney(c.total, c.currency)).join(', '),
                  })}
                </>
              )}
            </>
          }
        />
      </Col>
    </Row>
  );
}
