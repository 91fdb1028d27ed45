import type { RemoteAuditRow } from '@pvstar/contract/remote';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { AuditAnswer, AuditChanges } from './remote-audit-entry.tsx';

/** A row as the server sends it: the device's answer kept raw (a status word, its error, JSON values). */
const row = (over: Partial<RemoteAuditRow>): RemoteAuditRow => ({
  id: 1,
  at: '2026-06-01T10:00:00.000Z',
  cmdId: 'c1',
  action: 'WRITE',
  outcome: 'CONFIRMED',
  username: 'demo-installer-a',
  plantId: 1,
  plantName: 'Haus Sonnenschein',
  deviceId: 1,
  deviceSn: 'INV-1',
  changes: [],
  deviceAnswer: null,
  reason: null,
  ip: null,
  steps: [],
  ...over,
});

const answers = (rows: RemoteAuditRow[]) => (
  <>
    {rows.map((r) => (
      <div key={r.id} data-testid={`answer-${r.id}`}>
        <AuditAnswer row={r} />
      </div>
    ))}
  </>
);

describe('the change log in words', () => {
  it('writes each change as "name: old → new (unit)" with the parameter’s label and the language’s numbers', async () => {
    const changes = [
      { key: 'overVoltage1', old: 253, new: 260.5 },
      { key: 'gridCode', old: 'VDE_AR_N_4105', new: 'CEI_0_21' },
      { key: 'exportLimitEnabled', old: null, new: true },
    ];
    const { unmount } = await renderWithApp(<AuditChanges changes={changes} />, { lang: 'de-DE' });
    const lines = [...screen.getByTestId('remote-audit-changes').children].map((c) => c.textContent);
    expect(lines[0]).toBe('Überspannung Stufe 1: 253 → 260,5 (V)');
    expect(lines[1]).toBe('Netzanschlussregel: VDE-AR-N 4105 (Deutschland) → CEI 0-21 (Italien)');
    expect(lines[2]).toMatch(/^[^:]+: — → Ein$/);
    unmount();
    await renderWithApp(<AuditChanges changes={changes.slice(0, 1)} />);
    expect(screen.getByTestId('remote-audit-changes').textContent).toBe(
      'Over-voltage stage 1: 253 → 260.5 (V)',
    );
  });

  it('tells the device’s answer in words, never its raw JSON or status word', async () => {
    await renderWithApp(
      answers([
        row({ id: 1, outcome: 'CONFIRMED', deviceAnswer: '{"values":{"overVoltage1":260.5}}' }),
        row({ id: 2, outcome: 'ACCEPTED', deviceAnswer: 'accepted' }),
        row({
          id: 3,
          outcome: 'FAILED',
          deviceAnswer: 'parameter locked by the installer',
          reason: 'The device refused: parameter locked by the installer',
        }),
        row({
          id: 4,
          outcome: 'FAILED',
          deviceAnswer: '{"values":{"overVoltage1":253}}',
          reason: 'The values read back differ from those written',
        }),
        row({ id: 5, outcome: 'TIMED_OUT' }),
        row({ id: 6, outcome: 'SENT' }),
        row({
          id: 7,
          action: 'READ',
          outcome: 'CONFIRMED',
          deviceAnswer: '{"values":{"overVoltage1":253,"gridCode":"VDE_AR_N_4105","remoteOnOff":true}}',
        }),
        row({ id: 8, outcome: 'FAILED', deviceAnswer: 'failed', reason: 'The device refused: failed' }),
        row({ id: 9, outcome: 'REFUSED', reason: 'Over-voltage stage 1: Enter a correct value' }),
      ]),
    );
    const text = (id: number) => screen.getByTestId(`answer-${id}`).textContent;
    expect(text(1)).toBe('Confirmed by the device');
    expect(text(2)).toBe('Received by the device, confirmation pending');
    expect(text(3)).toBe('Refused by the device: parameter locked by the installer');
    expect(text(4)).toBe('The values read back differ from those written');
    expect(text(5)).toBe('Timed out: the device did not answer in time');
    expect(text(6)).toBe('Pending: no answer from the device yet');
    expect(text(7)).toBe('Read from the device, values: 3');
    expect(text(8)).toBe('Refused by the device');
    expect(text(9)).toBe('Over-voltage stage 1: Enter a correct value');
  });

  it('shows a write as one entry: what came of it, and each state it went through after how long', async () => {
    const at = (s: number) => new Date(Date.parse('2026-06-01T10:00:00Z') + s * 1000).toISOString();
    await renderWithApp(
      answers([
        row({
          id: 1,
          outcome: 'CONFIRMED',
          deviceAnswer: '{"values":{"overVoltage1":260.5}}',
          steps: [
            { outcome: 'SENT', at: at(0) },
            { outcome: 'ACCEPTED', at: at(0.4) },
            { outcome: 'CONFIRMED', at: at(4) },
          ],
        }),
        row({ id: 2, outcome: 'SENT', steps: [{ outcome: 'SENT', at: at(0) }] }),
      ]),
      { lang: 'de-DE' },
    );
    const entry = screen.getByTestId('answer-1');
    expect(entry.querySelector('[data-testid="remote-audit-answer"]')?.textContent).toBe(
      'Vom Gerät bestätigt',
    );
    expect(entry.querySelector('[data-testid="remote-audit-steps"]')?.textContent).toBe(
      'Gesendet → Angenommen → Bestätigt nach 4 Sek.',
    );
    // Still waiting: one state, nothing more to tell than the row's time and outcome.
    expect(screen.getByTestId('answer-2').querySelector('[data-testid="remote-audit-steps"]')).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    await renderWithApp(answers([row({ id: 1, outcome: 'FAILED', deviceAnswer: 'locked' })]), {
      lang: 'zh-CN',
    });
    expect(screen.getByTestId('answer-1').textContent).toBe('设备拒绝：locked');
  });
});
