import { MobileOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from './components/auth-layout.tsx';

/** About the mobile app: not in the stores yet, so the page says so honestly. */
export default function DownloadAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('downloadApp.title')}>
      <Result
        icon={<MobileOutlined />}
        title={t('downloadApp.comingSoon')}
        subTitle={t('downloadApp.text')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('register.toLogin')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
