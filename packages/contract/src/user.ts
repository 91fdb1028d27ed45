import { z } from 'zod';
import { IdSchema } from './api.ts';
import { ContactTypeSchema, StatusSchema } from './enums.ts';
import { emailSchema, md5Schema, nameSchema, phoneSchema, usernameSchema } from './validation.ts';

const contactFields = {
  email: emailSchema.optional().nullable().or(z.literal('')),
  phone: phoneSchema.optional().nullable().or(z.literal('')),
};

export const UserAddBodySchema = z
  .object({
    orgId: IdSchema,
    username: usernameSchema,
    nickname: nameSchema,
    name: nameSchema.optional().nullable().or(z.literal('')),
    ...contactFields,
    roleIds: z.array(IdSchema).min(1, { message: 'validation.required' }).max(20),
    /** MD5 hex of the first password; when absent one is generated and sent to the user's contact. */
    password: md5Schema.optional(),
  })
  .refine((b) => !!b.email || !!b.phone, { path: ['email'], message: 'validation.phoneOrEmail' });
export type UserAddBody = z.infer<typeof UserAddBodySchema>;

export const UserEditBodySchema = z.object({
  id: IdSchema,
  orgId: IdSchema,
  nickname: nameSchema,
  name: nameSchema.optional().nullable().or(z.literal('')),
  ...contactFields,
  roleIds: z.array(IdSchema).min(1, { message: 'validation.required' }).max(20),
});
export type UserEditBody = z.infer<typeof UserEditBodySchema>;

export const UserPageBodySchema = z.object({
  username: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
  orgId: IdSchema.optional(),
  roleId: IdSchema.optional(),
  status: StatusSchema.optional(),
});
export type UserPageBody = z.infer<typeof UserPageBodySchema>;

export const UserIdQuerySchema = z.object({ userId: IdSchema });
export const UserStatusBodySchema = z.object({ userId: IdSchema, status: StatusSchema });
export const RevealContactBodySchema = z.object({ viewType: ContactTypeSchema, id: IdSchema });

export const UserRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  name: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** A new contact waiting for the user's confirmation (masked); the stored one is in force until then. */
  pendingEmail: z.string().nullable(),
  pendingPhone: z.string().nullable(),
  /** `builtin` roles are named by their code in the reader's language; the others as typed. */
  roles: z.array(
    z.object({ id: z.number(), roleName: z.string(), roleCode: z.string(), builtin: z.boolean() }),
  ),
  status: StatusSchema,
  readOnly: z.boolean(),
  /** Signs in with a second factor (issue 17). */
  twoFactor: z.boolean(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  /** The seed's registerDate: the day the account came into being (YYYY-MM-DD, UTC). */
  registerDate: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;
