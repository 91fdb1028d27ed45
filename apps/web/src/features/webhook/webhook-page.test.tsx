import type { UserInfo } from '@pvstar/contract/auth';
import { webhook } from '@pvstar/contract/endpoints/webhook';
import { PERM } from '@pvstar/contract/perm';
import type { WebhookRow } from '@pvstar/contract/webhook';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { answer } from '../../test/server.ts';
import WebhookPage from './webhook-page.tsx';

const info = (perms: string[]): UserInfo => ({
  user: {
    id: 5,
    username: 'installer',
    nickname: null,
    name: null,
    email: null,
    phone: null,
    orgId: 3,
    orgName: 'Solartechnik Alpha',
    orgType: 'INSTALLER',
    readOnly: false,
    createTime: '2026-01-01T00:00:00Z',
    pendingEmail: null,
    pendingPhone: null,
  },
  rolePermList: [{ roleType: 'INSTALLER', permList: perms }],
  dataScope: 'ORG_AND_SUB',
  appTitle: 'PVSTAR',
});

const paused: WebhookRow = {
  id: 9,
  orgId: 3,
  orgName: 'Solartechnik Alpha',
  url: 'https://erp.example.com/pvstar',
  events: ['alarm.raised', 'plant.offline', 'plant.daily_summary'],
  description: null,
  enabled: true,
  pausedAt: '2026-11-20T08:00:00Z',
  consecutiveFailures: 14,
  secretHint: 'AbCd',
  lastDeliveryAt: '2026-11-20T07:59:00Z',
  lastDeliveryStatus: 'FAILED',
  createTime: '2026-11-01T00:00:00Z',
};

describe('WebhookPage', () => {
  it('shows a paused endpoint with its state and a resume action that calls resume', async () => {
    const received = answer([
      [webhook.page, { total: 1, list: [paused] }],
      [webhook.resume, null],
    ]);
    useSession.getState().setUserInfo(info([PERM.systemWebhook, PERM.webhookEdit]));
    await renderWithApp(<WebhookPage />, { lang: 'de-DE' });
    expect(await screen.findByText('https://erp.example.com/pvstar')).toBeTruthy();
    expect(screen.getByTestId('webhook-state').textContent).toBe('Pausiert');
    expect(screen.getByText('Fehlgeschlagen')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-resume'));
    await waitFor(() => expect(received.some((r) => r.path === '/system/webhook/resume')).toBe(true));
    expect(received.find((r) => r.path === '/system/webhook/resume')!.body).toEqual({ id: 9 });
  });

  it('offers neither resume nor adding without the codes', async () => {
    answer([[webhook.page, { total: 1, list: [paused] }]]);
    useSession.getState().setUserInfo(info([PERM.systemWebhook]));
    await renderWithApp(<WebhookPage />);
    expect(await screen.findByText('https://erp.example.com/pvstar')).toBeTruthy();
    expect(screen.getByTestId('webhook-state').textContent).toBe('Paused');
    expect(screen.queryByTestId('webhook-resume')).toBeNull();
    expect(screen.queryByTestId('webhook-add')).toBeNull();
  });
});
