import { mayCancelAccount } from '@pvstar/contract/auth';
import { Alert, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { ApiTokensTab } from './api-tokens-tab.tsx';
import { CancelAccount } from './cancel-account.tsx';
import { ConsentTab } from './consent-tab.tsx';
import { ContactTab } from './contact-tab.tsx';
import { InfoTab } from './info-tab.tsx';
import { NotifyTab } from './notify-tab.tsx';
import { PasswordTab } from './password-tab.tsx';
import { TwoFactorTab } from './two-factor-tab.tsx';

/**
 * The personal centre: info, mobile, e-mail, password, two-factor, API tokens, alarm mails, a house
 * owner's consent to share their plants' data with the installer; account cancellation on the profile
 * tab (offered only to whom the server allows it: not the provider's staff).
 */
export default function MePage() {
  const { t } = useTranslation();
  const info = useSession((s) => s.userInfo);
  // The tab is in the URL (`?tab=notify`), so a link can open it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'info';
  const setTab = (key: string) => setParams({ tab: key }, { replace: true });
  if (!info) return null;
  const { user } = info;
  const readOnly = user.readOnly;
  return (
    <div className="pv-page" data-testid="me-page">
      {readOnly && (
        <Alert type="info" showIcon title={t('common:auth.readOnly')} style={{ marginBottom: 16 }} />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'info',
            label: t('me.tabInfo'),
            // Cancelling the account belongs with the account itself, not under every tab.
            children: (
              <>
                <InfoTab info={info} readOnly={readOnly} />
                {mayCancelAccount(user.orgType) && <CancelAccount readOnly={readOnly} />}
              </>
            ),
          },
          {
            key: 'mobile',
            label: t('me.tabMobile'),
            children: (
              <ContactTab
                type="MOBILE"
                userId={user.id}
                masked={user.phone}
                pending={user.pendingPhone}
                readOnly={readOnly}
              />
            ),
          },
          {
            key: 'email',
            label: t('me.tabEmail'),
            children: (
              <ContactTab
                type="EMAIL"
                userId={user.id}
                masked={user.email}
                pending={user.pendingEmail}
                readOnly={readOnly}
              />
            ),
          },
          { key: 'password', label: t('me.tabPassword'), children: <PasswordTab readOnly={readOnly} /> },
          {
            key: 'twoFactor',
            label: <span data-testid="me-tab-two-factor">{t('twoFactor:tab')}</span>,
            children: <TwoFactorTab readOnly={readOnly} />,
          },
          {
            key: 'apiTokens',
            label: <span data-testid="me-tab-api-tokens">{t('apiToken:tab')}</span>,
            children: <ApiTokensTab readOnly={readOnly} />,
          },
          {
            key: 'notify',
            label: <span data-testid="me-tab-notify">{t('alarm:notify.tab')}</span>,
            children: (
              <NotifyTab hasEmail={!!user.email} readOnly={readOnly} onBindEmail={() => setTab('email')} />
            ),
          },
          // A house owner's consent to share their plants' data with the installer.
          ...(user.orgType === 'OWNER'
            ? [
                {
                  key: 'consent',
                  label: <span data-testid="me-tab-consent">{t('commissioning:consentTab.tab')}</span>,
                  children: <ConsentTab readOnly={readOnly} />,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
