import { z } from 'zod';
import { IdSchema } from './api.ts';
import { DATA_SCOPES } from './enum-values.ts';
import { DataScopeSchema, OrgTypeSchema, RoleStatusSchema } from './enums.ts';
import { nameSchema, optionalText, requiredText } from './validation.ts';

const roleFields = {
  roleName: nameSchema,
  roleCode: requiredText(2, 40).regex(/^[A-Za-z0-9_.-]+$/, { message: 'validation.alphanumeric' }),
  roleType: OrgTypeSchema,
  roleDesc: optionalText(255),
  status: RoleStatusSchema.default('ENABLED'),
  dataScope: z.enum(DATA_SCOPES, { error: 'role.dataRequired' }),
  permCodes: z.array(z.string().max(20)).max(500).min(1, { message: 'role.permsRequired' }),
};

export const RoleAddBodySchema = z.object(roleFields);
export type RoleAddBody = z.infer<typeof RoleAddBodySchema>;
export const RoleEditBodySchema = z.object({ id: IdSchema, ...roleFields });
export type RoleEditBody = z.infer<typeof RoleEditBodySchema>;

export const RolePageBodySchema = z.object({
  roleName: z.string().trim().max(64).optional(),
  roleType: OrgTypeSchema.optional(),
  status: RoleStatusSchema.optional(),
});
export type RolePageBody = z.infer<typeof RolePageBodySchema>;

export const RoleIdQuerySchema = z.object({ roleId: IdSchema });
export const RoleStatusBodySchema = z.object({ id: IdSchema, status: RoleStatusSchema });

export const RoleRowSchema = z.object({
  id: z.number(),
  roleName: z.string(),
  roleCode: z.string(),
  roleType: OrgTypeSchema,
  roleDesc: z.string().nullable(),
  status: RoleStatusSchema,
  dataScope: DataScopeSchema,
  builtin: z.boolean(),
  orgId: z.number(),
  orgName: z.string(),
  userCount: z.number(),
  createTime: z.string(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;
export const RoleDetailSchema = RoleRowSchema.extend({ permCodes: z.array(z.string()) });
export type RoleDetail = z.infer<typeof RoleDetailSchema>;

/** A role a user form may assign (GET /system/role/options). */
export const RoleOptionSchema = z.object({
  id: z.number(),
  roleName: z.string(),
  roleCode: z.string(),
  builtin: z.boolean(),
  roleType: OrgTypeSchema,
  dataScope: DataScopeSchema,
});
export type RoleOption = z.infer<typeof RoleOptionSchema>;
