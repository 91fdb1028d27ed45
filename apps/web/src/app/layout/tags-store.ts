import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A page opened in this browser tab, shown as a tag under the header. */
export interface OpenTag {
  path: string;
  /** `ns:key` of its title. */
  title: string;
}

export const HOME_TAG: OpenTag = { path: '/dashboard', title: 'menu:dashboard' };

interface TagsState {
  /** Whose tags these are: another user signing in starts afresh. */
  owner: number | null;
  tags: OpenTag[];
  open(owner: number, tag: OpenTag): void;
  close(path: string): void;
  closeOthers(path: string): void;
  closeAll(): void;
}

/** The tags view's open pages, kept for the browser tab (survives the reload of a language change). */
export const useTags = create<TagsState>()(
  persist(
    (set) => ({
      owner: null,
      tags: [],
      open: (owner, tag) =>
        set((s) => {
          const tags = s.owner === owner ? s.tags : [];
          if (tag.path === HOME_TAG.path) return { owner, tags };
          const at = tags.findIndex((x) => x.path === tag.path);
          if (at >= 0) return { owner, tags: tags.map((x, i) => (i === at ? tag : x)) };
          return { owner, tags: [...tags, tag] };
        }),
      close: (path) => set((s) => ({ tags: s.tags.filter((x) => x.path !== path) })),
      closeOthers: (path) => set((s) => ({ tags: s.tags.filter((x) => x.path === path) })),
      closeAll: () => set({ tags: [] }),
    }),
    { name: 'pvstar-tags', storage: createJSONStorage(() => sessionStorage) },
  ),
);
