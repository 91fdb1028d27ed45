import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
