import { z } from 'zod';
import { IdSchema } from './api.ts';
import { LANGS } from './lang.ts';
import { pictureUrlSchema } from './station.ts';
import { emailSchema, md5Schema, nameSchema, requiredText } from './validation.ts';

/**
 * A plant's commissioning: the checklist an installer works through at handover (docs/commissioning.md),
 * its PDF protocol, the owner's invitation and the owner's consent to share the plant's data with the
 * installer (docs/decisions/025-commissioning-and-handover.md).
 */

/** The checklist's items, in the order they are done on site. */
export const COMMISSIONING_ITEMS = [
  'DONGLE_ONLINE',
  'DEVICES_REPORTING',
  'CLOCK',
  'GRID_CODE',
  'BATTERY',
  'FIRST_ENERGY',
  'OWNER_INVITED',
] as const;
export type CommissioningItem = (typeof COMMISSIONING_ITEMS)[number];
export const CommissioningItemSchema = z.enum(COMMISSIONING_ITEMS, { error: 'validation.invalid' });

/**
 * PASSED: the data shows it; TICKED: the installer confirmed it (note, optional photo); OPEN: neither yet;
 * NOT_APPLICABLE: the plant has nothing to check (no battery).
 */
export const ITEM_STATES = ['PASSED', 'TICKED', 'OPEN', 'NOT_APPLICABLE'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** How far a device's clock may be from the server's (seconds) for CLOCK to pass. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** Days an owner's invitation stays valid. */
export const INVITATION_DAYS = 7;
/** Characters of the note of a manual tick. */
export const NOTE_MAX = 500;

/**
 * What the data says about an item, for the screen and the protocol to word in their language: the
 * numbers behind the verdict (`done` of `total` devices, the largest clock offset in seconds, the grid
 * code read back, kWh counted, the invitation's state).
 */
export const ItemFactsSchema = z.object({
  done: z.number().optional(),
  total: z.number().optional(),
  offsetSeconds: z.number().optional(),
  gridCode: z.string().optional(),
  kwh: z.number().optional(),
  invitation: z.enum(['ACCOUNT', 'PENDING', 'ACCEPTED']).optional(),
});
export type ItemFacts = z.infer<typeof ItemFactsSchema>;

export const ChecklistItemSchema = z.object({
  item: CommissioningItemSchema,
  state: z.enum(ITEM_STATES),
  /** Whether the data alone shows it (a ticked item may pass by data too). */
  passedByData: z.boolean(),
  facts: ItemFactsSchema,
  /** A manual tick: who, when, the note and the photo's URL (`/file/pictures/…`). */
  tickedBy: z.string().nullable(),
  tickedAt: z.string().nullable(),
  note: z.string().nullable(),
  photo: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** The owner's consent to share the plant's data with its installer. */
export const ConsentStateSchema = z.object({
  given: z.boolean(),
  /** When it was given (accepting the invitation, or again later). */
  givenAt: z.string().nullable(),
  /** When the owner withdrew it; null while it stands. */
  withdrawnAt: z.string().nullable(),
});
export type ConsentState = z.infer<typeof ConsentStateSchema>;

export const ChecklistSchema = z.object({
  stationId: z.number(),
  /** True while the plant is being commissioned (added through the portal, not yet completed). */
  commissioning: z.boolean(),
  /** Every item is PASSED, TICKED or NOT_APPLICABLE: it may be completed. */
  ready: z.boolean(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  /** At completion the items are kept as they were: the protocol shows that moment. */
  items: z.array(ChecklistItemSchema),
  /** The owner's consent (null while no owner account has accepted an invitation). */
  consent: ConsentStateSchema.nullable(),
});
export type Checklist = z.infer<typeof ChecklistSchema>;

export const StationIdBodySchema = z.object({ stationId: IdSchema });
export const StationIdQuerySchema = z.object({ stationId: IdSchema });

export const TickBodySchema = z.object({
  stationId: IdSchema,
  item: CommissioningItemSchema,
  /** What was checked and how: required for a manual tick. */
  note: requiredText(3, NOTE_MAX),
  /** A picture uploaded through `/file/upload` (the display, the label): optional. */
  photo: pictureUrlSchema.nullish().or(z.literal('')),
});
export type TickBody = z.infer<typeof TickBodySchema>;

export const UntickBodySchema = z.object({ stationId: IdSchema, item: CommissioningItemSchema });

export const INVITATION_STATES = ['PENDING', 'ACCEPTED', 'EXPIRED', 'REVOKED'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const InvitationAddBodySchema = z.object({
  stationId: IdSchema,
  /** The owner's e-mail address: the invitation goes there, and becomes the account's address. */
  email: emailSchema,
  name: nameSchema,
  /** The language of the mail and the owner's account; the inviter's language when not given. */
  lang: z.enum(LANGS, { error: 'validation.invalid' }).optional(),
});
export type InvitationAddBody = z.infer<typeof InvitationAddBodySchema>;

export const InvitationRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  state: z.enum(INVITATION_STATES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type InvitationRow = z.infer<typeof InvitationRowSchema>;

export const InvitationAddResultSchema = z.object({ id: z.number(), expiresAt: z.string() });

/** The token from the mail's link (base64url, 43 characters); in the body, so it stays out of URLs and logs. */
export const InvitationTokenBodySchema = z.object({
  token: z.string().min(1, { message: 'validation.required' }).max(100, { message: 'validation.invalid' }),
});

/** What the invitation page shows before the owner accepts: nothing beyond what the mail said. */
export const InvitationInfoSchema = z.object({
  stationName: z.string(),
  installer: z.string(),
  name: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  /** An account with this address exists: the owner signs in with its password instead of setting one. */
  existingAccount: z.boolean(),
});
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>;

const consentGiven = z.literal(true, { error: 'invitation.consentRequired' });

export const InvitationAcceptBodySchema = z
  .object({
    token: InvitationTokenBodySchema.shape.token,
    /** MD5 hex of the new password (or, for an existing account, of its password). */
    password: md5Schema,
    /** The same again, for a new password; for an existing account, the password again. */
    confirmPassword: md5Schema,
    /** The owner agrees to share the plant's data with its installer. */
    consent: consentGiven,
    /** The service agreement and privacy policy, as at registration. */
    agree: z.literal(true, { error: 'validation.consent' }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type InvitationAcceptBody = z.infer<typeof InvitationAcceptBodySchema>;

/** The account to sign in with after accepting. */
export const InvitationAcceptResultSchema = z.object({ username: z.string() });

/** A plant of the signed-in owner with the consent given to its installer. */
export const MyConsentSchema = z.object({
  stationId: z.number(),
  stationName: z.string(),
  installer: z.string(),
  consent: ConsentStateSchema,
});
export type MyConsent = z.infer<typeof MyConsentSchema>;
