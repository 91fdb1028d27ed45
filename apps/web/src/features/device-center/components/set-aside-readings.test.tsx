import type { UserInfo } from '@pvstar/contract/auth';
import { readingQuality } from '@pvstar/contract/endpoints/reading-quality';
import { PERM } from '@pvstar/contract/perm';
import type { SetAsideReading } from '@pvstar/contract/reading-quality';
import type { TariffRecompute } from '@pvstar/contract/tariff';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { answer, fail } from '../../../test/server.ts';
import { SetAsideReadings } from './set-aside-readings.tsx';

const jump: SetAsideReading = {
  ts: '2026-06-21T10:15:00.000Z',
  reason: 'JUMP',
  counter: 'totalGeneration',
  value: 1091.006,
  reference: 1025.47,
  decision: null,
  decidedBy: null,
  decidedAt: null,
  note: null,
  recordedAt: '2026-06-21T10:15:03.000Z',
};
const dip: SetAsideReading = {
  ...jump,
  ts: '2026-06-21T10:05:00.000Z',
  reason: 'DIP',
  value: 1025.4548,
  reference: 1025.4648,
  decision: 'REJECTED',
  decidedBy: 'demo-installer-a',
  decidedAt: '2026-06-22T08:00:00.000Z',
  note: 'Register read twice',
};
const early: SetAsideReading = {
  ...jump,
  ts: '2019-01-01T00:00:00.000Z',
  reason: 'BEFORE_PLANT',
  counter: null,
  value: null,
  reference: null,
};
const idle: TariffRecompute = {
  state: 'IDLE',
  from: null,
  to: null,
  doneDays: 0,
  totalDays: 0,
  updatedAt: null,
};

const asManager = () =>
  useSession.setState({
    userInfo: { rolePermList: [{ roleType: 'INSTALLER', permList: [PERM.stationEdit] }] } as UserInfo,
  });
afterEach(() => useSession.setState({ userInfo: null, perms: [] }));

const render = (lang: 'en-GB' | 'de-DE' = 'en-GB') =>
  renderWithApp(<SetAsideReadings deviceId={7} kind="INVERTER" timezone="Europe/Berlin" />, { lang });
const rowOf = (ts: string) =>
  screen.getByTestId('setaside-table').querySelector(`tr[data-row-key="${ts}"]`) as HTMLElement;
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('SetAsideReadings', () => {
  it('lists the readings on the plant’s clock with value, compared-with value, change, reason and decision', async () => {
    asManager();
    answer([
      [readingQuality.page, { total: 3, list: [jump, dip, early] }],
      [readingQuality.recompute, idle],
    ]);
    await render();
    await screen.findByText('Jump', {}, { timeout: 10_000 });
    // 10:15 UTC is 12:15 in Berlin in June.
    expect(text(rowOf(jump.ts))).toContain('21/06/2026, 12:15:00');
    expect(text(rowOf(jump.ts))).toContain('Total generation');
    expect(text(rowOf(jump.ts))).toContain('1,091.006 kWh');
    expect(text(rowOf(jump.ts))).toContain('1,025.47 kWh');
    expect(text(rowOf(jump.ts))).toContain('+65.536 kWh');
    expect(text(rowOf(jump.ts))).toContain('Waiting');
    expect(text(rowOf(dip.ts))).toContain('-0.01 kWh');
    expect(text(rowOf(dip.ts))).toContain('Kept out');
    expect(text(rowOf(dip.ts))).toContain('demo-installer-a, 22/06/2026, 10:00');
    expect(text(rowOf(dip.ts))).toContain('Register read twice');
    expect(text(rowOf(early.ts))).toContain('Before the plant');
    expect(screen.getAllByText('Time (plant time)').length).toBeGreaterThan(0);
    // A kept-out reading may still be accepted, not kept out again; one stamped before the plant not accepted.
    expect(within(rowOf(dip.ts)).queryByTestId(`setaside-reject-${dip.ts}`)).toBeNull();
    const acceptEarly = within(rowOf(early.ts)).getByTestId(
      `setaside-accept-${early.ts}`,
    ) as HTMLButtonElement;
    expect(acceptEarly.disabled).toBe(true);
    expect(within(rowOf(early.ts)).getByTestId(`setaside-reject-${early.ts}`).hasAttribute('disabled')).toBe(
      false,
    );
  }, 30_000);

  it('accepts a reading after a confirmation with a note, then shows the recomputation under way', async () => {
    asManager();
    let decided = false;
    const received = answer([
      [readingQuality.page, () => ({ total: 1, list: [decided ? { ...jump, decision: 'ACCEPTED' } : jump] })],
      [
        readingQuality.decide,
        () => {
          decided = true;
          return {
            decided: 1,
            recompute: { ...idle, state: 'PENDING', from: '2026-06-21', to: '2026-06-23', totalDays: 3 },
          };
        },
      ],
      [
        readingQuality.recompute,
        () =>
          decided
            ? { ...idle, state: 'RUNNING', from: '2026-06-21', to: '2026-06-23', doneDays: 1, totalDays: 3 }
            : idle,
      ],
    ]);
    await render();
    fireEvent.click(await screen.findByTestId(`setaside-accept-${jump.ts}`, {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId('setaside-confirm');
    expect(text(dialog)).toContain('Accept as real?');
    expect(text(dialog)).toContain('The plant’s days from 21 Jun 2026 on are recomputed');
    fireEvent.change(screen.getByTestId('setaside-note'), { target: { value: ' New meter fitted ' } });
    fireEvent.click(screen.getByTestId('setaside-confirm-ok'));
    await screen.findByText('1 reading accepted', {}, { timeout: 10_000 });
    const sent = received.find((r) => r.path === '/iot/device/setAside/decide')!;
    expect(sent.body).toEqual({
      deviceId: 7,
      readings: [jump.ts],
      decision: 'ACCEPTED',
      note: 'New meter fitted',
    });
    const progress = await screen.findByTestId('setaside-recompute');
    expect(text(progress)).toMatch(/21 Jun 2026 – 23 Jun 2026.*: [01] \/ 3 days/);
    await waitFor(() => expect(text(rowOf(jump.ts))).toContain('Accepted'), { timeout: 10_000 });
  }, 30_000);

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    asManager();
    answer([
      [readingQuality.page, { total: 1, list: [jump] }],
      [readingQuality.recompute, idle],
      [readingQuality.decide, fail(422, 'Readings: Not a set-aside reading of this device')],
    ]);
    await render();
    fireEvent.click(await screen.findByTestId(`setaside-reject-${jump.ts}`, {}, { timeout: 10_000 }));
    fireEvent.click(await screen.findByTestId('setaside-confirm-ok'));
    expect(text(await screen.findByTestId('setaside-error'))).toContain(
      'Readings: Not a set-aside reading of this device',
    );
    expect(screen.getByTestId('setaside-confirm')).toBeTruthy();
  }, 30_000);

  it('offers no decision to a reader, and says so when nothing was set aside, in German', async () => {
    answer([
      [readingQuality.page, { total: 0, list: [] }],
      [readingQuality.recompute, idle],
    ]);
    await render('de-DE');
    expect(text(await screen.findByTestId('setaside-empty', {}, { timeout: 10_000 }))).toContain(
      'Keine zurückgestellten Messwerte: Jeder Messwert dieses Geräts war plausibel.',
    );
    expect(screen.queryByText('Aktionen')).toBeNull();
    expect(screen.getAllByText('Zeit (Anlagenzeit)').length).toBeGreaterThan(0);
  }, 30_000);
});
