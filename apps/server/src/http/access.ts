import type { DataScope, OrgType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';

/**
 * What a route requires. Every route declares one (a test walks the route table):
 * - `public`: anyone, no token;
 * - `signedIn`: any signed-in user (their own account);
 * - `perm`: one of these permission codes (menu or button codes); with `alsoPerm`, one of those too (an
 *   export's button code is not enough alone: an export is its list, so it needs the list's code as well).
 * `write` marks a route that changes something: read-only accounts (the demo login) get 403.
 */
export type Access =
  | { public: true }
  | { signedIn: true; write?: boolean }
  | { perm: string | readonly string[]; alsoPerm?: string | readonly string[]; write?: boolean };

export interface Caller {
  userId: number;
  username: string;
  orgId: number;
  orgPath: string;
  orgType: OrgType;
  perms: Set<string>;
  dataScope: DataScope;
  readOnly: boolean;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    lang: Lang;
    caller: Caller | null;
  }
}

/** The caller of a route that is not public (the auth hook guarantees it is set). */
export function callerOf(req: { caller: Caller | null }): Caller {
  if (!req.caller) throw new Error('route without a signed-in caller');
  return req.caller;
}
