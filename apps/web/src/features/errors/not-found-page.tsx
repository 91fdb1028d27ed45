import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 404: unmatched routes and pages that cannot be found land here. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('errors.notFound')}
      data-testid="page-404"
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('errors.home')}
        </Button>
      }
    />
  );
}
