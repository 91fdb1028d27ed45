import type { OrgRow } from '@pvstar/contract/org';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { OrgDeleteModal } from './org-delete-modal.tsx';

const org: OrgRow = {
  id: 7,
  name: 'Solartechnik Alpha Nordrhein-Westfalen Installationsgesellschaft',
  type: 'INSTALLER',
  parentId: 1,
  parentName: 'PVSTAR',
  description: null,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  address: null,
  status: 'NORMAL',
  requireTwoFactor: false,
  childCount: 0,
  userCount: 0,
  createTime: '2026-01-01T00:00:00Z',
};

describe('OrgDeleteModal', () => {
  it('wraps the name to type between words, not in the middle of one', async () => {
    await renderWithApp(<OrgDeleteModal org={org} onClose={() => {}} />, { lang: 'de-DE' });
    const name = screen
      .getAllByText(org.name)
      .find((el) => el.tagName === 'STRONG')!
      .closest('span')!;
    expect(name.style.wordBreak).not.toBe('break-all');
    expect(name.style.overflowWrap).toBe('break-word');
  });
});
