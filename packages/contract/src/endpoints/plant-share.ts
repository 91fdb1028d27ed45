import type { PageResult } from '../api.ts';
import { download, endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  PublicPlant,
  PublicPlantParamsSchema,
  PublicPlantQuerySchema,
  ShareAddBodySchema,
  ShareAddResult,
  SharePageBodySchema,
  ShareRevokeBodySchema,
  ShareRow,
} from '../plant-share.ts';

/**
 * A plant's public share links (the plant edit button's code, 2001001004, and a managing organisation's
 * role): made, listed and revoked in the plant's information tab.
 */
export const plantShare = endpoints('plantShare', {
  /** A new link: its token is answered this once (only its hash is stored). */
  add: post<{ body: In<typeof ShareAddBodySchema> }, ShareAddResult>(
    '/station/share/add',
    {
      perm: PERM.stationEdit,
      write: true,
    },
    'Create a plant share link',
  ),
  /** Ends a link at once; it answers 404 from then on, like one that never existed. */
  revoke: post<{ body: In<typeof ShareRevokeBodySchema> }>(
    '/station/share/revoke',
    {
      perm: PERM.stationEdit,
      write: true,
    },
    'Revoke a plant share link',
  ),
  /** The plant's links, newest first (revoked and expired ones too), without their tokens. */
  page: post<{ body: In<typeof SharePageBodySchema> }, PageResult<ShareRow>>(
    '/station/share/page',
    {
      perm: PERM.stationEdit,
    },
    "List a plant's share links",
  ),
});

type ByToken = { params: In<typeof PublicPlantParamsSchema> };

/** The public plant page (kiosk): anyone holding a live link; rate-limited per address, cached 60 s. */
export const publicPlant = endpoints('publicPlant', {
  /**
   * The page: a browser gets the web app's kiosk view (HTML); a client that asks for `application/json`
   * (Accept) gets the envelope of `…/data`. An unknown, revoked or expired token answers 404 alike.
   */
  page: download<ByToken>('GET', '/public/plant/:token', { public: true }, 'Open a shared plant page'),
  /** The page's figures as JSON (the envelope), in the language of `lang` (query or header) or Accept-Language. */
  data: get<ByToken & { query: In<typeof PublicPlantQuerySchema> }, PublicPlant>(
    '/public/plant/:token/data',
    {
      public: true,
    },
    "Get a shared plant's figures",
  ),
});
