import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOutConfirm } from '../../components/sign-out.ts';
import { useBack } from '../../components/use-back.ts';

/** 401: the account holds no permission (requirements §R12.4). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const back = useBack('/dashboard');
  const confirmSignOut = useSignOutConfirm();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('common:auth.forbidden')}
      data-testid="page-401"
      extra={
        <Space>
          <Button onClick={back}>{t('action.back')}</Button>
          <Button type="primary" onClick={confirmSignOut}>
            {t('signOut.title')}
          </Button>
        </Space>
      }
    />
  );
}
