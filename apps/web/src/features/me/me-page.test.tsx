import type { UserInfo } from '@pvstar/contract/auth';
import type { OrgType } from '@pvstar/contract/enums';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { answer } from '../../test/server.ts';
import MePage from './me-page.tsx';

const infoOf = (orgType: OrgType): UserInfo => ({
  user: {
    id: 5,
    username: 'someone',
    nickname: null,
    name: 'Some One',
    email: null,
    phone: null,
    orgId: 2,
    orgName: 'Org',
    orgType,
    readOnly: false,
    createTime: '2026-01-01T00:00:00Z',
    pendingEmail: null,
    pendingPhone: null,
  },
  rolePermList: [{ roleType: orgType, permList: ['2001'] }],
  dataScope: orgType === 'OWNER' ? 'SELF' : 'ALL',
  appTitle: 'PVSTAR',
});

describe('MePage', () => {
  it('offers a house owner to cancel the account', async () => {
    answer([]);
    useSession.getState().setUserInfo(infoOf('OWNER'));
    await renderWithApp(<MePage />);
    expect(screen.getByText('Danger zone')).toBeTruthy();
  });

  it('does not offer it to the provider’s staff (the server refuses them)', async () => {
    answer([]);
    useSession.getState().setUserInfo(infoOf('PROVIDER'));
    await renderWithApp(<MePage />);
    expect(screen.getByTestId('me-page')).toBeTruthy();
    expect(screen.queryByText('Danger zone')).toBeNull();
  });
});
