import { device } from '@pvstar/contract/endpoints/device';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { answer, fail } from '../../../test/server.ts';
import { DeviceReplaceModal } from './device-replace-modal.tsx';
import { DeviceReplacements } from './device-replacements.tsx';

const target = { deviceType: 'INVERTER' as const, id: 7, sn: 'INV-OLD-0001' };

describe('DeviceReplaceModal', () => {
  it('checks the serial, asks to confirm, shows the server’s refusal under its field, then replaces', async () => {
    let attempt = 0;
    const received = answer([
      [
        device.replace,
        () =>
          attempt++ === 0
            ? fail(409, 'New serial number: This serial number is already registered', {
                fields: [{ field: 'newSn', message: 'This serial number is already registered' }],
              })
            : { id: 7, sn: 'INV-NEW-0002', replacedAt: '2026-06-21T10:10:00.000Z' },
      ],
    ]);
    let closed = false;
    await renderWithApp(<DeviceReplaceModal target={target} onClose={() => (closed = true)} />);
    expect(await screen.findByText('Replace Inverter INV-OLD-0001')).toBeTruthy();
    // Nothing typed: the form says so and sends nothing.
    fireEvent.click(screen.getByTestId('replace-submit'));
    expect(await screen.findByText('Required', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByTestId('replace-new-sn'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByTestId('replace-submit'));
    expect(
      await screen.findByText('Serial numbers have 6–32 letters, digits or dashes', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(received).toEqual([]);

    fireEvent.change(screen.getByTestId('replace-new-sn'), { target: { value: 'inv-new-0001' } });
    fireEvent.change(screen.getByTestId('replace-note'), { target: { value: 'Display dead' } });
    fireEvent.click(screen.getByTestId('replace-submit'));
    // The confirmation names both serials.
    await screen.findAllByTestId('replace-confirm-ok', {}, { timeout: 5000 });
    expect(screen.getAllByText('Replace INV-OLD-0001 by INV-NEW-0001?').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('replace-confirm-ok'));
    expect(
      await screen.findByText('This serial number is already registered', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const first = received[0]!;
    expect(first.path).toBe('/iot/device/replace');
    expect(first.body).toMatchObject({
      deviceType: 'INVERTER',
      id: 7,
      newSn: 'INV-NEW-0001',
      reason: 'DEFECT',
      note: 'Display dead',
    });
    // The time: now unless changed, sent as an instant.
    const sentAt = Date.parse((first.body as { replacedAt: string }).replacedAt);
    expect(Math.abs(sentAt - Date.now())).toBeLessThan(120_000);

    fireEvent.change(screen.getByTestId('replace-new-sn'), { target: { value: 'INV-NEW-0002' } });
    fireEvent.click(screen.getByTestId('replace-submit'));
    fireEvent.click(await screen.findByTestId('replace-confirm-ok'));
    await waitFor(() => expect(closed).toBe(true));
    expect(received.length).toBe(2);
  }, 60_000);

  it('shows a replaced dongle’s new secret once', async () => {
    answer([
      [
        device.replace,
        { id: 3, sn: 'DGL-NEW-0001', replacedAt: '2026-06-21T10:10:00.000Z', secret: 's3cr3t-once' },
      ],
    ]);
    await renderWithApp(
      <DeviceReplaceModal target={{ deviceType: 'DONGLE', id: 3, sn: 'DGL-OLD-0001' }} onClose={() => {}} />,
      { lang: 'de-DE' },
    );
    fireEvent.change(await screen.findByTestId('replace-new-sn'), { target: { value: 'DGL-NEW-0001' } });
    fireEvent.click(screen.getByTestId('replace-submit'));
    expect(await screen.findByText(/Der alte Dongle kann sich nicht mehr anmelden/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('replace-confirm-ok'));
    const secret = await screen.findByTestId('replace-secret');
    expect(within(secret).getByText('s3cr3t-once')).toBeTruthy();
    expect(screen.getByText(/nur dieses eine Mal angezeigt/)).toBeTruthy();
  }, 60_000);
});

describe('DeviceReplacements', () => {
  it('lists the position’s replacements with reason, who and the old total, in the reader’s language', async () => {
    answer([
      [
        device.replacements,
        [
          {
            id: 2,
            replacedAt: '2026-06-21T10:10:00.000Z',
            oldSn: 'INV-OLD-0001',
            newSn: 'INV-NEW-0001',
            reason: 'WARRANTY',
            note: 'Display dead',
            username: 'demo-installer-a',
            recordedAt: '2026-06-21T10:30:00.000Z',
            finalGeneration: 12345.6,
          },
        ],
      ],
    ]);
    await renderWithApp(<DeviceReplacements deviceType="INVERTER" id={7} />, { lang: 'de-DE' });
    const item = await screen.findByTestId('replacement');
    const text = (item.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('INV-OLD-0001 → INV-NEW-0001');
    expect(text).toContain('Garantietausch · von demo-installer-a · Gesamtertrag des alten Geräts 12,35 MWh');
    expect(text).toContain('Display dead');
  });
});
