import type { PageQuerySchema } from '../api.ts';
import type {
  ApiTokenAddBodySchema,
  ApiTokenCreated,
  ApiTokenPage,
  ApiTokenPageBodySchema,
  ApiTokenRevokeBodySchema,
} from '../api-token.ts';
import { endpoints, type In, post } from '../endpoint.ts';

/**
 * The signed-in user's own API tokens (personal centre). Managing tokens needs an interactive session: a
 * token cannot make, list or revoke tokens (no `token`).
 */
export const apiToken = endpoints('apiToken', {
  /** A new token, answered this once. */
  add: post<{ body: In<typeof ApiTokenAddBodySchema> }, ApiTokenCreated>(
    '/system/apiToken/add',
    {
      signedIn: true,
      write: true,
    },
    'Create an API token',
  ),
  page: post<{ query: In<typeof PageQuerySchema>; body: In<typeof ApiTokenPageBodySchema> }, ApiTokenPage>(
    '/system/apiToken/page',
    { signedIn: true },
    'List my API tokens',
  ),
  /** Ends a token at once: its next request answers 401. */
  revoke: post<{ body: In<typeof ApiTokenRevokeBodySchema> }>(
    '/system/apiToken/revoke',
    {
      signedIn: true,
      write: true,
    },
    'Revoke an API token',
  ),
});
