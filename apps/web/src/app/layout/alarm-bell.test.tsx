import { alarm } from '@pvstar/contract/endpoints/alarm';
import { PERM } from '@pvstar/contract/perm';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { answer } from '../../test/server.ts';
import { AlarmBell } from './alarm-bell.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

const Header = () => (
  <>
    <AlarmBell />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </>
);

afterEach(() => useSession.setState({ perms: [] }));

describe('AlarmBell', () => {
  it('counts the active, unacknowledged alarms, says so, and opens the alert center on them', async () => {
    useSession.setState({ perms: [PERM.fault, PERM.faultAlarm] });
    const calls = answer([[alarm.bell, { count: 3 }]]);
    await renderWithApp(<Header />, { route: '/dashboard' });
    const bell = await screen.findByRole(
      'button',
      { name: 'Active, unacknowledged alarms: 3' },
      { timeout: 10_000 },
    );
    expect(bell.textContent).toContain('3');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /iot/alarm/bell']);
    await userEvent.setup().click(bell);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/fault/alarm?filter=active-unacknowledged'),
    );
  });

  it('speaks the reader’s language', async () => {
    useSession.setState({ perms: [PERM.faultAlarm] });
    answer([[alarm.bell, { count: 1234 }]]);
    await renderWithApp(<Header />, { lang: 'de-DE' });
    await screen.findByRole(
      'button',
      { name: 'Aktive, nicht bestätigte Alarme: 1.234' },
      { timeout: 10_000 },
    );
  });

  it('is not there without the alert center’s code, and asks nothing', async () => {
    useSession.setState({ perms: [PERM.station, PERM.stationDetail] });
    const calls = answer([[alarm.bell, { count: 3 }]]);
    await renderWithApp(<Header />);
    expect(screen.queryByTestId('alarm-bell')).toBeNull();
    expect(calls).toEqual([]);
  });
});
