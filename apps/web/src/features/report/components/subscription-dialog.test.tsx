import { auth } from '@pvstar/contract/endpoints/auth';
import { report } from '@pvstar/contract/endpoints/report';
import type { ReportSubscriptionRow } from '@pvstar/contract/report';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { answer, fail } from '../../../test/server.ts';
import { SubscriptionDialog } from './subscription-dialog.tsx';

const row = (over: Partial<ReportSubscriptionRow> = {}): ReportSubscriptionRow => ({
  id: 7,
  monthly: true,
  weekly: false,
  plants: null,
  email: 'anna@example.com',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastPeriod: '2026-10',
  lastSentAt: '2026-11-01T06:00:00.000Z',
  ...over,
});
const userInfo = (email: string | null) => ({ user: { email } });

describe('SubscriptionDialog', () => {
  it('lists the subscriptions and adds a weekly and monthly one', async () => {
    const received = answer([
      [report.subscriptionPage, { total: 1, list: [row()] }],
      [auth.getUserInfo, userInfo('anna@example.com')],
      [report.subscriptionAdd, (r: { body: unknown }) => row({ id: 8, ...(r.body as object) })],
    ]);
    await renderWithApp(<SubscriptionDialog open onClose={() => {}} mayPick={false} />);
    expect(await screen.findByText('All my plants')).toBeTruthy();
    expect(screen.getByText('Last sent: Oct 2026')).toBeTruthy();
    expect(await screen.findByText(/to anna@example\.com\./)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('subscription-weekly'));
    await user.click(screen.getByTestId('subscription-add'));
    await waitFor(() =>
      expect(received.find((r) => r.path === report.subscriptionAdd.path)?.body).toEqual({
        monthly: true,
        weekly: true,
      }),
    );
  });

  it('says where to add an e-mail address and offers no subscribing without one (German)', async () => {
    answer([
      [report.subscriptionPage, { total: 0, list: [] }],
      [auth.getUserInfo, userInfo(null)],
    ]);
    await renderWithApp(<SubscriptionDialog open onClose={() => {}} mayPick={false} />, { lang: 'de-DE' });
    expect(await screen.findByTestId('subscription-no-email')).toBeTruthy();
    expect(screen.getByText(/persönlichen Center/)).toBeTruthy();
    expect(screen.getByText('Noch keine Berichte per E-Mail')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscription-add').hasAttribute('disabled')).toBe(true));
  });

  it('shows the server’s refusal', async () => {
    answer([
      [report.subscriptionPage, { total: 0, list: [] }],
      [auth.getUserInfo, userInfo('anna@example.com')],
      [
        report.subscriptionAdd,
        fail(422, 'Add an e-mail address', {
          fields: [{ field: 'email', message: 'Add an e-mail address first' }],
        }),
      ],
    ]);
    await renderWithApp(<SubscriptionDialog open onClose={() => {}} mayPick={false} />);
    const user = userEvent.setup();
    await screen.findByText(/to anna@example\.com\./);
    await user.click(screen.getByTestId('subscription-add'));
    expect((await screen.findByTestId('subscription-error')).textContent).toContain(
      'Add an e-mail address first',
    );
  });
});
