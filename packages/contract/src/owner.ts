import { z } from 'zod';
import { IdSchema } from './api.ts';
import { PlantStatusSchema, StationTypeSchema, StatusSchema } from './enums.ts';
import { emailSchema, phoneSchema } from './validation.ts';

/** A whole phone number (spaces and dashes allowed) or e-mail address: what the owner filter matches exactly. */
export const ownerContactSchema = z
  .string()
  .trim()
  .max(254)
  .refine(
    (v) =>
      v.includes('@')
        ? emailSchema.safeParse(v).success
        : phoneSchema.safeParse(v.replace(/[^\d+]/g, '')).success,
    { message: 'owner.contactFormat' },
  );

/** House owners are the users of OWNER-type organisations (requirements §R10.1, /ower/list). */
export const OwnerPageBodySchema = z.object({
  /** Contained in the owner's user name, name or nickname (case-insensitive). */
  name: z.string().trim().max(64).optional(),
  /** A whole phone number or e-mail address: matched exactly after normalising. */
  contact: ownerContactSchema.optional(),
  /** The owner's organisation, or an organisation above it (an installer: all its owners). */
  orgId: IdSchema.optional(),
  status: StatusSchema.optional(),
});
export type OwnerPageBody = z.infer<typeof OwnerPageBodySchema>;

export const OwnerRowSchema = z.object({
  userId: z.number(),
  username: z.string(),
  /** The person's name, else the nickname. */
  name: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  /** The organisation above the owner's (usually the installer). */
  parentOrgName: z.string().nullable(),
  /** Masked; revealed one at a time through /system/user/getMobileOrEmail. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  plantCount: z.number().int(),
  /** kWp of the owner's plants in the caller's scope. */
  installedCapacity: z.number(),
  registerDate: z.string(),
  status: StatusSchema,
});
export type OwnerRow = z.infer<typeof OwnerRowSchema>;

export const OwnerPlantsQuerySchema = z.object({ userId: IdSchema });

export const OwnerPlantSchema = z.object({
  id: z.number(),
  stationNo: z.string(),
  stationName: z.string(),
  type: StationTypeSchema,
  status: PlantStatusSchema,
  installedCapacity: z.number(),
});
export type OwnerPlant = z.infer<typeof OwnerPlantSchema>;
