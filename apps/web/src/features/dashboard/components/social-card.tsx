import { CloudOutlined, FireOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { Dashboard } from '@pvstar/contract/dashboard';
import { Card, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/energy-format.ts';

function TreeGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden
    >
      <path d="M12 22v-6M12 2 6 10h3l-4 6h14l-4-6h3z" />
    </svg>
  );
}

function Figure({
  testId,
  icon,
  color,
  label,
  value,
  unit,
}: {
  testId: string;
  icon: ReactNode;
  color: string;
  label: string;
  value: string;
  unit: string;
}) {
  return (
    <div data-testid={testId} style={{ display: 'flex', gap: 10, alignItems: 'center', minWidth: 0 }}>
      <span style={{ fontSize: 26, color, display: 'grid', flex: 'none' }}>{icon}</span>
      <div style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
          {label}
        </Typography.Text>
        <span style={{ fontSize: 20, fontWeight: 600 }}>{value}</span>{' '}
        <Typography.Text type="secondary">{unit}</Typography.Text>
      </div>
    </div>
  );
}

/** Coal saved, CO2 avoided and equivalent trees from the lifetime generation (docs/dashboard.md). */
export function SocialCard({ social }: { social: Dashboard['social'] }) {
  const { t } = useTranslation('dashboard');
  const f = social.factors;
  return (
    <Card
      size="small"
      title={t('social.title')}
      style={{ height: '100%' }}
      data-testid="social"
      extra={
        <Tooltip
          title={t('social.basis', {
            coal: formatNumber(f.coalKgPerKwh, 3),
            co2: formatNumber(f.co2KgPerKwh, 3),
            tree: formatNumber(f.co2KgPerTreeYear, 1),
          })}
        >
          <InfoCircleOutlined aria-label={t('social.basisLabel')} data-testid="social-basis" />
        </Tooltip>
      }
    >
      <div style={{ display: 'grid', gap: 16 }}>
        <Figure
          testId="social-coal"
          icon={<FireOutlined />}
          color="#8c8c8c"
          label={t('social.coal')}
          value={formatNumber(social.coalSavedT)}
          unit={t('social.unitT')}
        />
        <Figure
          testId="social-co2"
          icon={<CloudOutlined />}
          color="#13c2c2"
          label={t('social.co2')}
          value={formatNumber(social.co2ReducedT)}
          unit={t('social.unitT')}
        />
        <Figure
          testId="social-trees"
          icon={<TreeGlyph />}
          color="#52c41a"
          label={t('social.trees')}
          value={formatNumber(social.trees, 0)}
          unit={t('social.unitTrees')}
        />
      </div>
    </Card>
  );
}
