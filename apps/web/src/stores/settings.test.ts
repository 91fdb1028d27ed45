// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The settings store reads and writes the seed's local-storage keys (requirements §R3.6). */
const freshStore = async () => {
  vi.resetModules();
  return (await import('./settings.ts')).useSettings;
};

describe('settings in local storage', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the seed keys a previous visit left', async () => {
    localStorage.setItem('language', 'fr-FR');
    localStorage.setItem('size', 'small');
    localStorage.setItem('device', 'mobile');
    localStorage.setItem('sidebarStatus', 'opened');
    const settings = (await freshStore()).getState();
    expect(settings).toMatchObject({
      language: 'fr-FR',
      size: 'small',
      device: 'mobile',
      sidebarOpened: true,
    });
  });

  it('writes language, size, device and sidebarStatus under their own keys', async () => {
    const store = await freshStore();
    store.getState().setLanguage('pl-PL');
    store.getState().toggleSidebar();
    expect(localStorage.getItem('language')).toBe('pl-PL');
    expect(localStorage.getItem('size')).toBe('middle');
    expect(localStorage.getItem('device')).toBe('desktop');
    expect(localStorage.getItem('sidebarStatus')).toBe('opened');
    store.getState().toggleSidebar();
    expect(localStorage.getItem('sidebarStatus')).toBe('closed');
    store.getState().setPageSize('plantPage', 50);
    expect((await freshStore()).getState().pageSizes).toEqual({ plantPage: 50 });
  });

  it('ignores values it cannot read and keeps the defaults', async () => {
    localStorage.setItem('size', 'huge');
    localStorage.setItem('sidebarStatus', 'yes');
    localStorage.setItem('pvstar-settings', '{not json');
    const settings = (await freshStore()).getState();
    expect(settings).toMatchObject({ size: 'middle', sidebarOpened: false, pageSizes: {} });
  });
});
