import { PLANT_STATUSES } from '@pvstar/contract/enum-values';
import type { PlantStatus } from '@pvstar/contract/enums';
import type { StationKpi } from '@pvstar/contract/station';
import { Card, Col, Row, Skeleton, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCapacity, formatEnergy, formatPower } from '../../../components/energy-format.ts';
import { plantStatusLabel } from '../../../components/monitor-labels.ts';

/** Status colours as in PLANT_STATUS_COLOR (default / success / warning / error), as text colours. */
function useStatusColors(): Record<PlantStatus, string> {
  const { token } = theme.useToken();
  return {
    OFFLINE: token.colorTextTertiary,
    NORMAL: token.colorSuccessText,
    WARNING: token.colorWarningText,
    FAULT: token.colorErrorText,
  };
}

/** The figures above the plant list, for the same filter as the list. */
export function PlantKpis({ kpi, loading }: { kpi: StationKpi | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  const card = (key: string, title: string, value: string | number, color?: string) => (
    <Col key={key} xs={12} sm={8} md={6} xl={3} style={{ display: 'flex' }}>
      <Card
        size="small"
        style={{ width: '100%', minWidth: 0 }}
        styles={{ body: { height: '100%' } }}
        data-testid={`kpi-${key}`}
      >
        {loading && !kpi ? (
          <Skeleton active paragraph={false} />
        ) : (
          <Statistic
            title={title}
            value={value}
            // A long title wraps ("Installierte / PV-Leistung") rather than being cut; the figures of all
            // cards still line up, each at the foot of its card (the cards of a row are equally tall).
            style={{ display: 'flex', flexDirection: 'column', height: '100%' }}
            styles={{
              content: { color, fontSize: 20, whiteSpace: 'nowrap', marginTop: 'auto' },
            }}
          />
        )}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]} data-testid="station-kpis">
      {card('total', t('plant:listKpi.total'), kpi?.total ?? 0)}
      {PLANT_STATUSES.map((s) => card(s, plantStatusLabel(t, s), kpi?.byStatus[s] ?? 0, colors[s]))}
      {card('capacity', t('plant:listKpi.capacity'), formatCapacity(kpi?.installedCapacity ?? 0, 'kWp'))}
      {card('power', t('plant:listKpi.power'), formatPower(kpi?.currentPower ?? 0))}
      {card('today', t('plant:listKpi.today'), formatEnergy(kpi?.todayGeneration ?? 0))}
    </Row>
  );
}
