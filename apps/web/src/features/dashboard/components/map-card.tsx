import { EnvironmentOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plantLinks } from '../../../components/page-links.ts';
import { FleetMap } from '../../../entities/plant/fleet-map.tsx';

/** The dashboard's fleet map: the plants of the caller's scope, with a way to the plant list's map. */
export function MapCard({ height }: { height: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      size="small"
      title={t('map.title')}
      data-testid="dashboard-map"
      extra={
        <Link to={plantLinks.map()} aria-label={t('map.title')}>
          <EnvironmentOutlined />
        </Link>
      }
    >
      <FleetMap height={height} />
    </Card>
  );
}
