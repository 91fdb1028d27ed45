import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOutConfirm } from '../../components/sign-out.ts';
import { useSession } from '../../stores/session.ts';

/** The signed-in user, with the personal centre and sign-out (asked for confirmation). */
export function UserMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo?.user);
  const confirmSignOut = useSignOutConfirm();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'me', icon: <UserOutlined />, label: <span data-testid="menu-me">{t('menu:me')}</span> },
          { type: 'divider' },
          {
            key: 'signOut',
            icon: <LogoutOutlined />,
            label: <span data-testid="menu-sign-out">{t('signOut.title')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'me') navigate('/me');
          if (key === 'signOut') confirmSignOut();
        },
      }}
    >
      <Button type="text" data-testid="user-menu" className="pv-user">
        <Avatar size="small" icon={<UserOutlined />} />
        {!compact && <span className="pv-user-name">{user?.nickname || user?.username}</span>}
      </Button>
    </Dropdown>
  );
}
