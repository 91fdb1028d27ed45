import type { Dashboard } from '@pvstar/contract/dashboard';
import { Col, Row } from 'antd';
import { AlertsCard } from './alerts-card.tsx';
import { EnergyPies } from './energy-pies.tsx';
import { PlantList } from './plant-list.tsx';
import { TrendChart } from './trend-chart.tsx';

// The rows below the figures, in one module: the dashboard loads them together once the figures show.

/** The charts row: the yearly trend and where today's (or all) energy went. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <TrendChart trend={data.trend} />
      </Col>
      <Col xs={24} xl={8}>
        <EnergyPies today={data.pie.today} total={data.pie.total} />
      </Col>
    </Row>
  );
}

/**
 * The bottom row: the plants with the highest PV power and the newest alarms; side by side only from
 * xxl (1600 px): at 1440 px two thirds of the row cut the plants' device groups off.
 */
export function DashboardLists({ data }: { data: Dashboard }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xxl={16}>
        <PlantList plants={data.plants} />
      </Col>
      <Col xs={24} xxl={8}>
        <AlertsCard alerts={data.recentAlerts} />
      </Col>
    </Row>
  );
}
