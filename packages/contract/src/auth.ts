import { z } from 'zod';
import {
  CodePurposeSchema,
  ContactTypeSchema,
  DataScopeSchema,
  type OrgType,
  OrgTypeSchema,
} from './enums.ts';
import { codeSchema, emailSchema, md5Schema, nameSchema, phoneSchema, usernameSchema } from './validation.ts';

export const LoginBodySchema = z
  .object({
    account: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { message: 'validation.required' })
      .max(254),
    password: md5Schema.optional(),
    code: codeSchema.optional(),
    loginType: z.enum(['password', 'code']).default('password'),
    /**
     * The consent box: needed until the account has agreed once (the agreement is kept with it); an
     * account that has not yet agreed is refused with `validation.consent` naming `agree`.
     */
    agree: z.boolean({ error: 'validation.type' }).optional(),
    /** Remembered-device tokens this browser holds (issue 17): one of the account's skips the second step. */
    trustedDevices: z
      .array(z.string().max(100, { message: 'validation.invalid' }))
      .max(10)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.loginType === 'password' && !body.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' });
    if (body.loginType === 'code' && !body.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.required' });
  });
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The demo sign-in takes no fields: an empty object, or no body at all. */
export const DemoLoginBodySchema = z.object({}).optional();

const consent = z.literal(true, { error: 'validation.consent' });

export const RegisterBodySchema = z
  .object({
    username: usernameSchema,
    nickname: nameSchema.optional(),
    contactType: ContactTypeSchema,
    contact: z.string().trim().min(1, { message: 'validation.required' }).max(254),
    code: codeSchema,
    password: md5Schema,
    confirmPassword: md5Schema,
    agree: consent,
  })
  .superRefine(checkContact)
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const ForgetBodySchema = z
  .object({
    contactType: ContactTypeSchema,
    contact: z.string().trim().min(1, { message: 'validation.required' }).max(254),
    code: codeSchema,
    password: md5Schema,
    confirmPassword: md5Schema,
  })
  .superRefine(checkContact)
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type ForgetBody = z.infer<typeof ForgetBodySchema>;

export const SendCodeBodySchema = z
  .object({
    contactType: ContactTypeSchema,
    contact: z.string().trim().min(1, { message: 'validation.required' }).max(254),
    purpose: CodePurposeSchema,
  })
  .superRefine(checkContact);
export type SendCodeBody = z.infer<typeof SendCodeBodySchema>;

export const UpdateAccountNameBodySchema = z.object({
  nickname: nameSchema,
  name: nameSchema.optional().nullable(),
});
export type UpdateAccountNameBody = z.infer<typeof UpdateAccountNameBodySchema>;

export const BindInfoBodySchema = z
  .object({
    contactType: ContactTypeSchema,
    contact: z.string().trim().min(1, { message: 'validation.required' }).max(254),
    code: codeSchema,
  })
  .superRefine(checkContact);
export type BindInfoBody = z.infer<typeof BindInfoBodySchema>;

/** Confirms a contact set by an administrator with the code sent to it (signed in as the user). */
export const ConfirmContactBodySchema = z.object({ contactType: ContactTypeSchema, code: codeSchema });
export type ConfirmContactBody = z.infer<typeof ConfirmContactBodySchema>;

export const UpdatePasswordBodySchema = z
  .object({ oldPassword: md5Schema, password: md5Schema, confirmPassword: md5Schema })
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export const CancelAccountBodySchema = z.object({ password: md5Schema });
export type CancelAccountBody = z.infer<typeof CancelAccountBodySchema>;

/**
 * Who may cancel their own account in the personal centre: not the provider's staff (their accounts are
 * the platform's, closed by an administrator). The server refuses, and the web does not offer it.
 */
export const mayCancelAccount = (orgType: OrgType): boolean => orgType !== 'PROVIDER';

export const RolePermSchema = z.object({ roleType: OrgTypeSchema, permList: z.array(z.string()) });

export const UserInfoSchema = z.object({
  user: z.object({
    id: z.number(),
    username: z.string(),
    nickname: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    orgId: z.number(),
    orgName: z.string(),
    orgType: OrgTypeSchema,
    readOnly: z.boolean(),
    createTime: z.string(),
    /** A new contact an administrator set, masked: in force once the user confirms its code. */
    pendingEmail: z.string().nullable(),
    pendingPhone: z.string().nullable(),
  }),
  rolePermList: z.array(RolePermSchema),
  dataScope: DataScopeSchema,
  appTitle: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const MyContactBodySchema = z.object({ viewType: ContactTypeSchema });

function checkContact(b: { contactType: 'MOBILE' | 'EMAIL'; contact: string }, ctx: z.RefinementCtx) {
  const ok = (b.contactType === 'EMAIL' ? emailSchema : phoneSchema).safeParse(b.contact).success;
  if (!ok)
    ctx.addIssue({
      code: 'custom',
      path: ['contact'],
      message: b.contactType === 'EMAIL' ? 'validation.email' : 'validation.phone',
    });
}
