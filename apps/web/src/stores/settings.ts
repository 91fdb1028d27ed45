import { type Lang, resolveLang } from '@pvstar/contract/lang';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';

export type Size = 'small' | 'middle' | 'large';
const SIZES: readonly Size[] = ['small', 'middle', 'large'];

/** UI settings kept in local storage (requirements §R3.6: size, language, sidebarStatus). */
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
    { name: 'pvstar-settings', storage: seedKeyStorage() },
  ),
);

type Persisted = Omit<SettingsState, `set${string}` | 'toggleSidebar'>;

/**
 * The seed keeps its settings under their own local-storage keys (requirements §R3.6: `device`, `size`,
 * `language`, `sidebarStatus` = `opened`/`closed`; the token is `accessToken`, in session.ts); what the seed
 * has not (remembered account, page sizes) stays in one JSON entry under `name`. A key holding something this
 * version cannot read is ignored, and its default kept.
 */
function seedKeyStorage(): PersistStorage<Persisted> {
  return {
    getItem(name) {
      let rest: Partial<Persisted> = {};
      try {
        rest =
          (JSON.parse(localStorage.getItem(name) ?? '{}') as StorageValue<Partial<Persisted>>).state ?? {};
      } catch {
        rest = {};
      }
      const state: Partial<Persisted> = { ...rest };
      const language = localStorage.getItem('language');
      if (language) state.language = resolveLang(language);
      const size = localStorage.getItem('size') as Size | null;
      if (size && SIZES.includes(size)) state.size = size;
      const device = localStorage.getItem('device');
      if (device === 'desktop' || device === 'mobile') state.device = device;
      const sidebar = localStorage.getItem('sidebarStatus');
      if (sidebar === 'opened' || sidebar === 'closed') state.sidebarOpened = sidebar === 'opened';
      return { state: state as Persisted, version: 0 };
    },
    setItem(name, { state, version }) {
      localStorage.setItem('language', state.language);
      localStorage.setItem('size', state.size);
      localStorage.setItem('device', state.device);
      localStorage.setItem('sidebarStatus', state.sidebarOpened ? 'opened' : 'closed');
      const { rememberedAccount, pageSizes } = state;
      localStorage.setItem(name, JSON.stringify({ state: { rememberedAccount, pageSizes }, version }));
    },
    removeItem(name) {
      for (const key of [name, 'language', 'size', 'device', 'sidebarStatus']) localStorage.removeItem(key);
    },
  };
}
