import { auth } from '@pvstar/contract/endpoints/auth';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call.ts';
import { tokenStore, useSession } from '../stores/session.ts';

/**
 * Ends the session (requirements §R3.4): tells the server, then — even if that failed — forgets the token,
 * the user and the permissions, goes to /login and reloads so no state of the old session survives.
 */
export async function signOut(opts: { callServer?: boolean } = {}) {
  if (opts.callServer !== false) {
    try {
      await call(auth.logout, {}, { silent: true });
    } catch {
      // The local session ends regardless (requirements §R3.4).
    }
  }
  tokenStore.clear();
  useSession.getState().reset();
  window.history.replaceState(null, '', '#/login');
  window.location.reload();
}

/** Asks for confirmation, then signs out. */
export function useSignOutConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return () =>
    modal.confirm({
      title: t('signOut.title'),
      content: t('signOut.confirm'),
      okText: t('signOut.ok'),
      cancelText: t('action.cancel'),
      onOk: () => signOut(),
    });
}
