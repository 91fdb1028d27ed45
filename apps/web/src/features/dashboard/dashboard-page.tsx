import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../components/menu-icon.tsx';
import { useNav } from '../../components/nav-context.ts';
import { useOrgTypeLabel } from '../../components/org-type-label.ts';
import { useSession } from '../../stores/session.ts';

/**
 * The start page: who is signed in and the areas they may open. Plant figures are not invented here;
 * they appear once plants report data.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nav = useNav();
  const info = useSession((s) => s.userInfo);
  const orgTypeLabel = useOrgTypeLabel();
  if (!info) return null;
  const { user } = info;
  const roleType = info.rolePermList[0]?.roleType;

  return (
    <div data-testid="dashboard">
      <div className="pv-page" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('dashboard.greeting', { name: user.nickname || user.username })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {`${t('common:field.orgId')}: ${user.orgName} · ${t('common:field.roleType')}: ${orgTypeLabel(roleType ?? user.orgType)}`}
        </Typography.Text>
      </div>

      <div className="pv-page" style={{ marginBottom: 16 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('dashboard.areas')}
        </Typography.Title>
        {nav.length === 0 ? (
          <Empty description={t('dashboard.noAreas')} />
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
                    description={
                      item.children?.map((c) => t(`menu:${c.title}`)).join(' · ') || t('dashboard.openArea')
                    }
                  />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </div>

      <div className="pv-page">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noFigures')} />
      </div>
    </div>
  );
}
