import { device } from '@pvstar/contract/endpoints/device';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { answer } from '../test/server.ts';
import { PageTable, sortable } from './page-table.tsx';

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, sn: `SN${i + 1}`, power: 100 * i }));

describe('PageTable', () => {
  it('sorts on the server: a click on a sortable header sends orderBy and order, starts at page 1 and marks the header', async () => {
    const received = answer([[device.page, { total: 25, list: rows }]]);
    await renderWithApp(
      <PageTable
        endpoint={device.page}
        filter={{ deviceType: 'INVERTER' }}
        columns={[
          { title: 'Serial', dataIndex: 'sn', ...sortable('sn') },
          { title: 'Power', dataIndex: 'power', ...sortable('power', 'descend') },
        ]}
      />,
    );
    const user = userEvent.setup();
    // The header cell of a column (the table's measuring row repeats the titles).
    const header = (title: string) => screen.getAllByRole('columnheader', { name: title })[0]!;
    const sent = () => received.filter((r) => r.path === device.page.path).at(-1)!.query;
    await screen.findByText('SN1');
    expect(sent().get('pageNum')).toBe('1');
    expect(sent().get('orderBy')).toBeNull();

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(sent().get('pageNum')).toBe('2'));

    await user.click(header('Power'));
    await waitFor(() => expect(sent().get('orderBy')).toBe('power'));
    expect(sent().get('order')).toBe('descend');
    expect(sent().get('pageNum')).toBe('1');
    const power = header('Power');
    expect(power.getAttribute('aria-sort')).toBe('descending');

    await user.click(header('Power'));
    await waitFor(() => expect(sent().get('order')).toBe('ascend'));
    expect(power.getAttribute('aria-sort')).toBe('ascending');

    await user.click(header('Serial'));
    await waitFor(() => expect(sent().get('orderBy')).toBe('sn'));
    expect(sent().get('order')).toBe('ascend');
    expect(power.getAttribute('aria-sort')).toBeNull();
  });

  it('holds the first column at the left on a wide screen, not on a phone (beside the actions it covered the screen)', async () => {
    answer([[device.page, { total: 1, list: rows.slice(0, 1) }]]);
    const columns = [
      { title: 'Serial', dataIndex: 'sn', fixed: 'left' as const },
      { title: 'Power', dataIndex: 'power' },
      { title: 'Actions', key: 'actions', fixed: 'right' as const, render: () => 'edit' },
    ];
    const held = async (title: string) => {
      await screen.findByText('SN1');
      return screen
        .getAllByRole('columnheader', { name: title })[0]!
        .className.includes('ant-table-cell-fix');
    };
    const media = window.matchMedia;
    // A desktop: every min-width query matches.
    window.matchMedia = (query: string) => ({ ...media(query), matches: query.includes('min-width') });
    try {
      const { unmount } = await renderWithApp(
        <PageTable endpoint={device.page} filter={{ deviceType: 'INVERTER' }} columns={columns} />,
      );
      expect(await held('Serial')).toBe(true);
      expect(await held('Actions')).toBe(true);
      unmount();
    } finally {
      window.matchMedia = media;
    }
    // The test setup's media queries match nothing: a phone.
    await renderWithApp(
      <PageTable endpoint={device.page} filter={{ deviceType: 'INVERTER' }} columns={columns} />,
    );
    expect(await held('Serial')).toBe(false);
    expect(await held('Actions')).toBe(true);
  });
});
