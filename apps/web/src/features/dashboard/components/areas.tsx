import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../../components/menu-icon.tsx';
import { useNav } from '../../../components/nav-context.ts';

/** The areas the user's permissions open, for users without plant figures. */
export default function Areas() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
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
              <Card hoverable size="small" onClick={() => navigate(item.path)} data-testid="area-card">
                <Card.Meta
                  avatar={
                    <span style={{ fontSize: 24, color: '#1677ff' }}>
                      <MenuIcon name={item.icon} />
                    </span>
                  }
                  title={t(`menu:${item.title}`)}
                  description={item.children?.map((c) => t(`menu:${c.title}`)).join(' · ') || t('openArea')}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
