import type { Access } from '@pvstar/contract/endpoint';
import type { Lang } from '@pvstar/contract/lang';
import type { Caller } from '../domain/caller.ts';

/** What a route requires (declared by its endpoint entry in the contract), and who calls it (a domain type). */
export type { Access, Caller };

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
