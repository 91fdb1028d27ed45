import type { Checklist, ChecklistItem } from '@pvstar/contract/commissioning';
import { commissioning } from '@pvstar/contract/endpoints/commissioning';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { answer, fail } from '../../../test/server.ts';
import { CommissioningCard } from './commissioning-card.tsx';

const item = (over: Partial<ChecklistItem> & Pick<ChecklistItem, 'item'>): ChecklistItem => ({
  state: 'OPEN',
  passedByData: false,
  facts: {},
  tickedBy: null,
  tickedAt: null,
  note: null,
  photo: null,
  ...over,
});

const checklist = (over: Partial<Checklist> = {}): Checklist => ({
  stationId: 5,
  commissioning: true,
  ready: false,
  completedAt: null,
  completedBy: null,
  consent: null,
  items: [
    item({ item: 'DONGLE_ONLINE', state: 'PASSED', passedByData: true, facts: { done: 1, total: 1 } }),
    item({ item: 'DEVICES_REPORTING', state: 'PASSED', passedByData: true, facts: { done: 2, total: 2 } }),
    item({ item: 'CLOCK', state: 'PASSED', passedByData: true, facts: { offsetSeconds: 3 } }),
    item({ item: 'GRID_CODE', facts: { done: 0, total: 1 } }),
    item({ item: 'BATTERY', state: 'NOT_APPLICABLE', facts: { done: 0, total: 0 } }),
    item({ item: 'FIRST_ENERGY', state: 'PASSED', passedByData: true, facts: { kwh: 12.5 } }),
    item({ item: 'OWNER_INVITED', facts: {} }),
  ],
  ...over,
});

const rowOf = (name: string) => screen.getByTestId(`item-${name}`);

describe('CommissioningCard', () => {
  it('shows each item as the data shows it, and a manual tick needs a note', async () => {
    let ticks = 0;
    const received = answer([
      [commissioning.checklist, checklist()],
      [
        commissioning.tick,
        () =>
          ticks++ === 0
            ? fail(400, 'Note: required', { fields: [{ field: 'note', message: 'The server wants more' }] })
            : checklist({
                items: checklist().items.map((i) =>
                  i.item === 'GRID_CODE'
                    ? {
                        ...i,
                        state: 'TICKED' as const,
                        tickedBy: 'demo-installer-a',
                        tickedAt: '2026-11-27T10:00:00Z',
                        note: 'Set on the display',
                      }
                    : i,
                ),
              }),
      ],
    ]);
    await renderWithApp(<CommissioningCard stationId={5} stationNo="P1" canManage />);
    expect(await screen.findByText('Commissioning in progress', {}, { timeout: 5000 })).toBeTruthy();
    expect(rowOf('DONGLE_ONLINE').getAttribute('data-state')).toBe('PASSED');
    expect(within(rowOf('DEVICES_REPORTING')).getByText('2 of 2')).toBeTruthy();
    expect(within(rowOf('CLOCK')).getByText('largest clock offset 3 s')).toBeTruthy();
    expect(within(rowOf('FIRST_ENERGY')).getByText('12.5 kWh counted')).toBeTruthy();
    expect(within(rowOf('BATTERY')).getByText('Not applicable')).toBeTruthy();
    expect(screen.getByText('Still open: 2')).toBeTruthy();
    // Not ready: completing is not offered yet.
    expect((screen.getByTestId('commissioning-complete') as HTMLButtonElement).disabled).toBe(true);
    // Passed items offer no tick; open ones do.
    expect(within(rowOf('DONGLE_ONLINE')).queryByTestId('item-tick')).toBeNull();
    fireEvent.click(within(rowOf('GRID_CODE')).getByTestId('item-tick'));
    expect(
      await screen.findByText('Confirm: Grid code set and read back', {}, { timeout: 5000 }),
    ).toBeTruthy();
    // Without a note the form refuses before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Required', {}, { timeout: 5000 })).toBeTruthy();
    expect(received.some((r) => r.path === '/station/commissioning/tick')).toBe(false);
    fireEvent.change(screen.getByTestId('tick-note'), { target: { value: 'Set on the display' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // The server's field error shows under the note.
    expect(await screen.findByText('The server wants more', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(rowOf('GRID_CODE').getAttribute('data-state')).toBe('TICKED'), {
      timeout: 5000,
    });
    expect(within(rowOf('GRID_CODE')).getByText('Set on the display')).toBeTruthy();
    expect(received.filter((r) => r.path === '/station/commissioning/tick').pop()!.body).toEqual({
      stationId: 5,
      item: 'GRID_CODE',
      note: 'Set on the display',
      photo: null,
    });
  }, 60_000);

  it('offers nothing to change to whoever only looks, nor once completed; the protocol for all', async () => {
    answer([
      [
        commissioning.checklist,
        checklist({
          commissioning: false,
          ready: true,
          completedAt: '2026-11-27T10:00:00Z',
          completedBy: 'demo-installer-a',
          consent: { given: false, givenAt: '2026-11-20T10:00:00Z', withdrawnAt: '2026-11-26T10:00:00Z' },
        }),
      ],
    ]);
    await renderWithApp(<CommissioningCard stationId={5} stationNo="P1" canManage />);
    expect(await screen.findByText(/^Completed on .* by demo-installer-a$/)).toBeTruthy();
    expect(screen.queryByTestId('item-tick')).toBeNull();
    expect(screen.queryByTestId('commissioning-complete')).toBeNull();
    expect(screen.getByTestId('protocol-download')).toBeTruthy();
    expect(screen.getByTestId('commissioning-consent').textContent).toMatch(/withdrawn on/);
  });
});
