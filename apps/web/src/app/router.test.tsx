import { auth } from '@pvstar/contract/endpoints/auth';
import { PERM } from '@pvstar/contract/perm';
import { waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore, useSession } from '../stores/session.ts';
import { renderWithApp } from '../test/render.tsx';
import { answer, fail } from '../test/server.ts';
import { AppRouter } from './app-router.tsx';
import { installRouter } from './router.tsx';

/** The navigation guard (requirements §R2.4) with the app's real router and route table, in jsdom. */
const userInfo = (permList: string[]) => ({
  user: {
    id: 7,
    username: 'anna',
    nickname: 'Anna',
    name: null,
    email: null,
    phone: null,
    orgId: 1,
    orgName: 'PVSTAR',
    orgType: 'PROVIDER',
    readOnly: false,
    createTime: '2026-01-01T00:00:00Z',
    pendingEmail: null,
    pendingPhone: null,
  },
  rolePermList: [{ roleType: 'PROVIDER', permList }],
  dataScope: 'ALL',
  appTitle: 'PVSTAR',
});

async function open(path: string) {
  window.location.hash = `#${path}`;
  installRouter(null);
  await renderWithApp(<AppRouter />, { route: null });
}
const at = (path: string) => waitFor(() => expect(window.location.hash).toBe(`#${path}`), { timeout: 5_000 });

describe('the navigation guard', () => {
  // The page the guard lets open loads lazily (its texts come with renderWithApp), and a test ends once the
  // address is right: loaded here first, no import of it is still running when this file's environment is
  // torn down (a clean CI run failed the next file in the worker with an EnvironmentTeardownError for
  // user-page's imports).
  beforeAll(() => import('../features/system/user/user-page.tsx'), 60_000);

  beforeEach(() => {
    tokenStore.clear();
    useSession.getState().reset();
  });

  it('sends a visitor without a token to /login, but lets public pages open', async () => {
    answer([]);
    await open('/system/role');
    await at('/login');
    await open('/register');
    await at('/register');
  });

  it('opens a page the permissions allow, 401 for a page they do not, 404 for no page', async () => {
    tokenStore.set('token');
    answer([[auth.getUserInfo, userInfo([PERM.system, PERM.systemUser])]]);
    await open('/system/user');
    await at('/system/user');
    useSession.getState().reset();
    await open('/system/role');
    await at('/401');
    useSession.getState().reset();
    await open('/no/such/page');
    await at('/404');
  });

  it('sends a signed-in user away from /login, and one without any permission to /401', async () => {
    tokenStore.set('token');
    answer([[auth.getUserInfo, userInfo([PERM.system, PERM.systemUser])]]);
    await open('/login');
    await waitFor(() => expect(window.location.hash).not.toBe('#/login'));
    useSession.getState().reset();
    answer([[auth.getUserInfo, userInfo([])]]);
    await open('/dashboard');
    await at('/401');
  });

  it('ends a session the server no longer knows: token gone, back to /login', async () => {
    tokenStore.set('stale');
    answer([[auth.getUserInfo, fail(401, 'Session expired')]]);
    await open('/system/user');
    await at('/login');
    expect(tokenStore.get()).toBeNull();
  });
});
