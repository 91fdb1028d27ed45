import { plant } from '@pvstar/contract/endpoints/plant';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { answer, type Received } from '../../test/server.ts';
import { isSearchShortcut, PlantSearch } from './plant-search.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

const PLANTS = [
  { id: 7, stationName: 'Speicher Weber, Kiel', orgName: 'Installer A' },
  { id: 9, stationName: 'Speicher Weber, Graz', orgName: 'Installer B' },
];

const Header = () => (
  <>
    <input aria-label="another field" />
    <PlantSearch />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </>
);

describe('PlantSearch', () => {
  it('takes the focus on "/" and opens the plant picked by name with Enter', async () => {
    const calls = answer([
      [
        plant.page,
        ({ body }: Received) => ({
          total: 2,
          list: PLANTS.filter((p) => p.stationName.includes((body as { stationName: string }).stationName)),
        }),
      ],
    ]);
    await renderWithApp(<Header />, { route: '/dashboard' });
    const user = userEvent.setup();
    const search = screen.getByRole('combobox', { name: 'Find a plant' });
    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
    await user.keyboard('Weber');
    expect(await screen.findByText('Speicher Weber, Graz')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ stationName: 'Weber' });
    expect(calls.at(-1)?.query.get('pageSize')).toBe('10');
    // rc-select reads the key's `which`, which user-event leaves out.
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/station/monitor/detail?id=7'));
  });

  it('leaves "/" to a field being typed in; Ctrl+K and ⌘K reach it from anywhere', () => {
    const field = document.createElement('input');
    const key = (k: string, mods: Partial<KeyboardEvent> = {}, target: EventTarget = document.body) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      target,
      ...mods,
    });
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('/', {}, field))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true }, field))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
  });
});
