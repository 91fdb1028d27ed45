import type { DataScope, OrgType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';

/** What a route requires: declared by its endpoint entry in the contract. */
export type { Access } from '@pvstar/contract/endpoint';

import type { Access } from '@pvstar/contract/endpoint';

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
