import type { ReactNode } from 'react';
import { useSession } from '../stores/session.ts';

/** True when the user holds any of the codes. */
export function hasPerm(perms: readonly string[], codes: readonly string[]): boolean {
  return codes.some((c) => perms.includes(c));
}

/** The spec's permission directive as a hook: throws without codes, false when none is held. */
export function usePerm(codes: readonly string[]): boolean {
  if (!codes || codes.length === 0)
    throw new Error('usePerm needs a list of permission codes, e.g. usePerm([PERM.userAdd])');
  const perms = useSession((s) => s.perms);
  return hasPerm(perms, codes);
}

/** Renders its children only when the user holds one of the codes. */
export function Perm({ codes, children }: { codes: readonly string[]; children: ReactNode }) {
  return usePerm(codes) ? children : null;
}
