import type { UserInfo } from '@pvstar/contract/auth';
import { create } from 'zustand';

const TOKEN_KEY = 'accessToken';

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** The signed-in user; `perms` is the union of every role's permList (requirements §R3.3). */
interface SessionState {
  userInfo: UserInfo | null;
  perms: string[];
  /**
   * The server refused the token this tab held (it expired or was revoked): the sign-in page says so.
   * A fresh visit (no token) and a sign-out (which reloads the page) leave it false.
   */
  expired: boolean;
  setUserInfo(info: UserInfo): void;
  setExpired(): void;
  reset(): void;
}

export const useSession = create<SessionState>()((set) => ({
  userInfo: null,
  perms: [],
  expired: false,
  setUserInfo: (userInfo) =>
    set({ userInfo, perms: [...new Set(userInfo.rolePermList.flatMap((r) => r.permList))], expired: false }),
  setExpired: () => set({ expired: true }),
  reset: () => set({ userInfo: null, perms: [] }),
}));
