import type { IdBodySchema, PageResult } from '../api.ts';
import type {
  Checklist,
  InvitationAcceptBodySchema,
  InvitationAddBodySchema,
  InvitationInfo,
  InvitationRow,
  InvitationTokenBodySchema,
  MyConsent,
  StationIdBodySchema,
  StationIdQuerySchema,
  TickBodySchema,
  UntickBodySchema,
} from '../commissioning.ts';
import { download, endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';

/**
 * A plant's commissioning checklist and protocol: read by whoever may open the plant (its owner too),
 * ticked and completed by the plant's managers (the edit button's code in a managing organisation's role,
 * as for share links).
 */
export const commissioning = endpoints('commissioning', {
  /** The checklist, each item checked against the plant's data now (kept as it was once completed). */
  checklist: get<{ query: In<typeof StationIdQuerySchema> }, Checklist>(
    '/station/commissioning/checklist',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    "Get a plant's commissioning checklist",
  ),
  /** The installer confirms an item by hand: a note (required) and a photo (optional). */
  tick: post<{ body: In<typeof TickBodySchema> }, Checklist>(
    '/station/commissioning/tick',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Tick a commissioning item',
  ),
  /** Takes a manual tick back (before completion). */
  untick: post<{ body: In<typeof UntickBodySchema> }, Checklist>(
    '/station/commissioning/untick',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Untick a commissioning item',
  ),
  /** Ends commissioning once every item passed or was ticked; the items are kept as they are now. */
  complete: post<{ body: In<typeof StationIdBodySchema> }, Checklist>(
    '/station/commissioning/complete',
    {
      perm: PERM.stationEdit,
      write: true,
      token: 'write',
    },
    'Complete commissioning',
  ),
  /** The commissioning protocol (PDF) in the caller's language: a draft until completed. */
  protocol: download<{ query: In<typeof StationIdQuerySchema> }>(
    'GET',
    '/station/commissioning/protocol',
    {
      perm: PERM.stationDetail,
      token: 'read',
    },
    'Download the commissioning protocol (PDF)',
  ),
});

/** The owner's invitation: sent and listed by the plant's managers. */
export const invitation = endpoints('invitation', {
  /** Mails the owner a link (valid INVITATION_DAYS days, single use) to set a password and see the plant. */
  add: post<{ body: In<typeof InvitationAddBodySchema> }, { id: number; expiresAt: string }>(
    '/station/invitation/add',
    { perm: PERM.stationEdit, write: true, stepUp: true },
    'Invite a plant owner',
  ),
  /** The plant's invitations, newest first (the addresses as typed, never the tokens). */
  page: post<{ body: In<typeof StationIdBodySchema> }, PageResult<InvitationRow>>(
    '/station/invitation/page',
    {
      perm: PERM.stationEdit,
    },
    "List a plant's owner invitations",
  ),
  /** Ends a pending invitation at once. */
  revoke: post<{ body: In<typeof IdBodySchema> }>(
    '/station/invitation/revoke',
    {
      perm: PERM.stationEdit,
      write: true,
    },
    'Revoke an owner invitation',
  ),
  /**
   * What the invitation page shows (anyone holding the link; rate-limited per address). An unknown,
   * used, revoked or expired token answers 404 alike.
   */
  info: post<{ body: In<typeof InvitationTokenBodySchema> }, InvitationInfo>(
    '/auth/invitation/info',
    {
      public: true,
    },
    'Get an invitation by its link',
  ),
  /**
   * Accepts: a new owner account with this password (or, when the address has an owner account, that
   * account after its password) becomes the plant's owner, with the consent recorded. Once only.
   */
  accept: post<{ body: In<typeof InvitationAcceptBodySchema> }, { username: string }>(
    '/auth/invitation/accept',
    { public: true },
    'Accept an owner invitation',
  ),
});

/** The signed-in owner's consents to share their plants' data with the installer (personal centre). */
export const consent = endpoints('consent', {
  mine: get<Record<never, never>, MyConsent[]>(
    '/auth/user/consents',
    { signedIn: true },
    "List my plants' consents",
  ),
  /** Withdraws the consent for one of the caller's plants (recorded, shown to the installer). */
  withdraw: post<{ body: In<typeof StationIdBodySchema> }>(
    '/auth/user/consent/withdraw',
    {
      signedIn: true,
      write: true,
    },
    'Withdraw a plant consent',
  ),
  /** Gives it again. */
  grant: post<{ body: In<typeof StationIdBodySchema> }>(
    '/auth/user/consent/grant',
    {
      signedIn: true,
      write: true,
    },
    'Grant a plant consent',
  ),
});
