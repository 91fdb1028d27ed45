import { message } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While a file is on its way (requirements §R9.3: the window must not be closed during upload), the browser
 * asks before the tab is closed or reloaded, and the portal's own links stay where they are.
 */
export function useUploadGuard(busy: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(busy);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    message.warning(t('upgrade:file.doNotClose'));
    blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when a value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);
}
