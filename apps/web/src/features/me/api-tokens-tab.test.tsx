import type { ApiTokenPage } from '@pvstar/contract/api-token';
import { apiToken } from '@pvstar/contract/endpoints/api-token';
import { plant } from '@pvstar/contract/endpoints/plant';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { answer, fail } from '../../test/server.ts';
import { ApiTokensTab } from './api-tokens-tab.tsx';

const limits = { dailyLimit: 10_000, perSecondLimit: 10, maxDailyLimit: 100_000, maxPerSecondLimit: 50 };
const row = (over: Partial<ApiTokenPage['list'][number]> = {}): ApiTokenPage['list'][number] => ({
  id: 7,
  name: 'Home Assistant',
  hint: 'pvst_abc123…',
  scope: 'READ_ONLY',
  plants: [{ id: 3, name: 'Sunny Roof' }],
  dailyLimit: 10_000,
  perSecondLimit: 10,
  createdAt: '2026-01-02T10:00:00Z',
  expiresOn: null,
  lastUsedAt: '2026-01-03T11:00:00Z',
  lastUsedIp: '203.0.113.9',
  revokedAt: null,
  status: 'ACTIVE',
  ...over,
});

describe('ApiTokensTab', () => {
  it('lists the tokens with scope, plants, last use and its address, and revokes after confirmation', async () => {
    const received = answer([
      [apiToken.page, { list: [row()], total: 1, limits }],
      [apiToken.revoke, null],
    ]);
    await renderWithApp(<ApiTokensTab readOnly={false} />);
    expect(await screen.findByText('Home Assistant')).toBeTruthy();
    expect(screen.getByText('Sunny Roof')).toBeTruthy();
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.getByText('from 203.0.113.9')).toBeTruthy();
    expect(screen.getByText('pvst_abc123…')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-token-revoke-7'));
    fireEvent.click(await screen.findByTestId('api-token-revoke-ok'));
    await waitFor(() => expect(received.some((r) => r.path === '/system/apiToken/revoke')).toBe(true));
    expect(received.find((r) => r.path === '/system/apiToken/revoke')!.body).toEqual({ id: 7 });
  }, 90_000);

  it('creates a token and shows it once with a warning; a refused plant shows under its field', async () => {
    let attempt = 0;
    const received = answer([
      [apiToken.page, { list: [], total: 0, limits }],
      [plant.page, { list: [], total: 0 }],
      [
        apiToken.add,
        () =>
          attempt++ === 0
            ? fail(400, 'Name: too long', { fields: [{ field: 'name', message: 'Length between 1 and 64' }] })
            : { id: 9, token: 'pvst_secretsecretsecret' },
      ],
    ]);
    await renderWithApp(<ApiTokensTab readOnly={false} />);
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('api-token-new') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('api-token-new'));
    fireEvent.change(await screen.findByTestId('api-token-name', {}, { timeout: 5000 }), {
      target: { value: 'ERP' },
    });
    // What each access can and cannot do, under the choice.
    const capabilities = screen.getByTestId('api-token-capabilities');
    expect(within(capabilities).getByText(/^Reads plants, devices, alarms/)).toBeTruthy();
    expect(within(capabilities).queryByText(/acknowledges and closes alarms/)).toBeNull();
    expect(within(capabilities).getByText(/^Never, whatever its access: passwords, tokens/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-token-read-write'));
    expect(await within(capabilities).findByText(/acknowledges and closes alarms/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-token-create'));
    expect(await screen.findByText('Length between 1 and 64')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-token-create'));
    const value = await screen.findByTestId('api-token-value');
    expect(within(value).getByText('pvst_secretsecretsecret')).toBeTruthy();
    expect(screen.getByText(/it is shown only this once/)).toBeTruthy();
    const sent = received.filter((r) => r.path === '/system/apiToken/add').pop()!;
    expect(sent.body).toMatchObject({ name: 'ERP', scope: 'READ_WRITE', expiresOn: null });
  }, 60_000);

  it('offers nothing to change to a read-only account', async () => {
    answer([[apiToken.page, { list: [row()], total: 1, limits }]]);
    await renderWithApp(<ApiTokensTab readOnly />);
    await screen.findByText('Home Assistant');
    expect((screen.getByTestId('api-token-new') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('api-token-revoke-7') as HTMLButtonElement).disabled).toBe(true);
  });
});
