import type { PageQuerySchema, PageResult } from '../api.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import type { OwnerPageBodySchema, OwnerPlant, OwnerPlantsQuerySchema, OwnerRow } from '../owner.ts';
import { PERM } from '../perm.ts';

/** House owners (2003001); their contacts come masked and are revealed through `user.revealContact`. */
export const owner = endpoints('owner', {
  page: post<
    { query: In<typeof PageQuerySchema>; body: In<typeof OwnerPageBodySchema> },
    PageResult<OwnerRow>
  >('/system/owner/queryOwner', { perm: PERM.ownerList, wholeScope: true }, 'List plant owners'),
  /** The plants of one owner within the caller's scope. */
  plants: get<{ query: In<typeof OwnerPlantsQuerySchema> }, OwnerPlant[]>(
    '/system/owner/plants',
    {
      perm: PERM.ownerList,
    },
    "List an owner's plants",
  ),
});
