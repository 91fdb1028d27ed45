import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { RoleTags } from './role-tags.tsx';

describe('RoleTags', () => {
  it('names a built-in role in the reader’s language and a role someone made as typed', async () => {
    await renderWithApp(
      <RoleTags
        roles={[
          { id: 1, roleName: 'Installer administrator', roleCode: 'INSTALLER_ADMIN', builtin: true },
          { id: 2, roleName: 'Service team north', roleCode: 'SERVICE_NORTH', builtin: false },
        ]}
      />,
      { lang: 'de-DE' },
    );
    expect(screen.getByText('Installateur-Administrator')).toBeTruthy();
    expect(screen.getByText('Service team north')).toBeTruthy();
    expect(screen.queryByText('Installer administrator')).toBeNull();
  });
});
