import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../../components/menu-icon.tsx';
import { useNav } from '../../../components/nav-context.ts';

/** The areas the user's permissions open, for users without plant figures. */
export default function Areas() {
  const { t } = useTranslation('dashboard');
  const nav = useNav();
  return (
    <div className="pv-page">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('areas')}
      </Typography.Title>
      {nav.length === 0 ? (
        <Empty description={t('noAreas')} />
      ) : (
        <Row gutter={[16, 16]}>
          {nav.map((item) => (
            <Col key={item.path} xs={24} sm={12} lg={8} xl={6}>
              {/* A link, so that an area is reached by Tab and opened by Enter like any other link. */}
              <Link to={item.path} data-testid="area-card" className="pv-card-link">
                <Card hoverable size="small" style={{ height: '100%' }}>
                  <Card.Meta
                    avatar={
                      <span style={{ fontSize: 24, color: 'var(--ant-color-primary)' }}>
                        <MenuIcon name={item.icon} />
                      </span>
                    }
                    title={t(`menu:${item.title}`)}
                    description={item.children?.map((c) => t(`menu:${c.title}`)).join(' · ') || t('openArea')}
                  />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
