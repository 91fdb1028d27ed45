import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/**
 * "Back": one step back in the app, or to `fallback` (the page's list) when this page was the first one
 * the app showed (a new tab, a bookmark): there `navigate(-1)` would leave the app for about:blank.
 */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  // react-router gives the first location of a history the key 'default'.
  const first = useLocation().key === 'default';
  return () => (first ? navigate(fallback, { replace: true }) : navigate(-1));
}

/** "Back" and "Cancel" of a form: as `useBack`, asking first when the user has changed a field. */
export function useLeaveForm(form: FormInstance, fallback: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const back = useBack(fallback);
  return () => {
    if (!form.isFieldsTouched()) return void back();
    modal.confirm({
      title: t('app:leave.title'),
      content: t('app:leave.content'),
      okText: t('app:leave.discard'),
      okButtonProps: { danger: true },
      cancelText: t('app:leave.keep'),
      onOk: () => void back(),
    });
  };
}
