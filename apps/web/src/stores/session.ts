import type { UserInfo } from '@pvstar/contract/auth';
import { create } from 'zustand';

const TOKEN_KEY = 'accessToken';

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** The signed-in user; `perms` is the union of every role's permList (SPEC §3). */
interface SessionState {
  userInfo: UserInfo | null;
  perms: string[];
  setUserInfo(info: UserInfo): void;
  reset(): void;
}

export const useSession = create<SessionState>()((set) => ({
  userInfo: null,
  perms: [],
  setUserInfo: (userInfo) =>
    set({ userInfo, perms: [...new Set(userInfo.rolePermList.flatMap((r) => r.permList))] }),
  reset: () => set({ userInfo: null, perms: [] }),
}));
