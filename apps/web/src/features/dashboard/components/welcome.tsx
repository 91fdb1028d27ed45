import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../../components/menu-icon.tsx';
import { useNav } from '../../../components/nav-context.ts';
import { useOrgTypeLabel } from '../../../components/org-type-label.ts';
import { useSession } from '../../../stores/session.ts';

/** Who is signed in, with the organisation and role type. */
export function Greeting({ extra }: { extra?: React.ReactNode }) {
  const { t } = useTranslation('dashboard');
  const info = useSession((s) => s.userInfo);
  const orgTypeLabel = useOrgTypeLabel();
  if (!info) return null;
  const { user } = info;
  const roleType = info.rolePermList[0]?.roleType;
  return (
    <div
      className="pv-page"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
          {t('greeting', { name: user.nickname || user.username })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {`${t('common:field.orgId')}: ${user.orgName} · ${t('common:field.roleType')}: ${orgTypeLabel(roleType ?? user.orgType)}`}
        </Typography.Text>
      </div>
      {extra}
    </div>
  );
}

/** The areas the user's permissions open, for users without plant figures. */
export function Areas() {
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
