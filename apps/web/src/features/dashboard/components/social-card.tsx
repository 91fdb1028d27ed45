import { CloudOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { Dashboard, GridShare } from '@pvstar/contract/dashboard';
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

/** The country in the reader's language; null: every country without a factor of its own. */
function useGridName() {
  const { t, i18n } = useTranslation('dashboard');
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return (g: GridShare) =>
    g.countryCode ? (names.of(g.countryCode) ?? g.countryCode) : t('social.otherCountries');
}

/**
 * CO₂ avoided by the plants' stored generation under each country's grid factor, and the tree-years
 * that take up as much (docs/dashboard.md), with the factors and their sources.
 */
export function SocialCard({ social }: { social: Dashboard['social'] }) {
  const { t } = useTranslation('dashboard');
  const gridName = useGridName();
  return (
    <Card
      size="small"
      title={t('social.title')}
      style={{ height: '100%' }}
      data-testid="social"
      extra={
        <Tooltip title={t('social.basis', { tree: formatNumber(social.co2KgPerTreeYear, 1) })}>
          <InfoCircleOutlined aria-label={t('social.basisLabel')} data-testid="social-basis" />
        </Tooltip>
      }
    >
      <div style={{ display: 'grid', gap: 16 }}>
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
          label={t('social.treeYears')}
          value={formatNumber(social.treeYears, 0)}
          unit={t('social.unitTreeYears')}
        />
        <div data-testid="social-grids">
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('social.gridsTitle')}
          </Typography.Text>
          {social.grids.map((g) => (
            <Typography.Text
              key={g.countryCode ?? '-'}
              type="secondary"
              style={{ fontSize: 12, display: 'block' }}
              data-testid="social-grid"
              data-country={g.countryCode ?? ''}
            >
              {t('social.grid', {
                country: gridName(g),
                factor: formatNumber(g.kgPerKwh, 3),
                source:
                  g.source === null
                    ? t('social.deploymentFactor')
                    : t('social.source', { source: g.source, year: g.year }),
              })}
            </Typography.Text>
          ))}
        </div>
      </div>
    </Card>
  );
}
