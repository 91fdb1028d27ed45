import { type Lang, resolveLang } from '@pvstar/contract/lang';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type Size = 'small' | 'middle' | 'large';

/** UI settings kept in local storage (SPEC §3: size, language, sidebarStatus). */
interface SettingsState {
  language: Lang;
  size: Size;
  sidebarOpened: boolean;
  device: 'desktop' | 'mobile';
  rememberedAccount: string | null;
  /** The page size chosen per paged list (keyed by the list's query key), kept over reloads. */
  pageSizes: Record<string, number>;
  setLanguage(lang: Lang): void;
  setSize(size: Size): void;
  toggleSidebar(): void;
  setRememberedAccount(account: string | null): void;
  setPageSize(list: string, size: number): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: resolveLang(null),
      size: 'middle',
      sidebarOpened: false,
      device: 'desktop',
      rememberedAccount: null,
      pageSizes: {},
      setLanguage: (language) => set({ language }),
      setSize: (size) => set({ size }),
      toggleSidebar: () => set((s) => ({ sidebarOpened: !s.sidebarOpened })),
      setRememberedAccount: (rememberedAccount) => set({ rememberedAccount }),
      setPageSize: (list, size) => set((s) => ({ pageSizes: { ...s.pageSizes, [list]: size } })),
    }),
    { name: 'pvstar-settings' },
  ),
);
