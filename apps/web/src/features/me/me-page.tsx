import { Alert, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.ts';
import { CancelAccount } from './cancel-account.tsx';
import { ContactTab } from './contact-tab.tsx';
import { InfoTab } from './info-tab.tsx';
import { PasswordTab } from './password-tab.tsx';

/** The personal centre: info, mobile, e-mail, password, and account cancellation. */
export default function MePage() {
  const { t } = useTranslation();
  const info = useSession((s) => s.userInfo);
  if (!info) return null;
  const { user } = info;
  const readOnly = user.readOnly;
  return (
    <div className="pv-page" data-testid="me-page">
      {readOnly && (
        <Alert type="info" showIcon title={t('common:auth.readOnly')} style={{ marginBottom: 16 }} />
      )}
      <Tabs
        items={[
          { key: 'info', label: t('me.tabInfo'), children: <InfoTab info={info} readOnly={readOnly} /> },
          {
            key: 'mobile',
            label: t('me.tabMobile'),
            children: <ContactTab type="MOBILE" userId={user.id} masked={user.phone} readOnly={readOnly} />,
          },
          {
            key: 'email',
            label: t('me.tabEmail'),
            children: <ContactTab type="EMAIL" userId={user.id} masked={user.email} readOnly={readOnly} />,
          },
          { key: 'password', label: t('me.tabPassword'), children: <PasswordTab readOnly={readOnly} /> },
        ]}
      />
      <CancelAccount readOnly={readOnly} />
    </div>
  );
}
