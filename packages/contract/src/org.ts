import { z } from 'zod';
import { IdSchema } from './api.ts';
import { OrgTypeSchema, StatusSchema } from './enums.ts';
import { emailSchema, nameSchema, optionalText, phoneSchema } from './validation.ts';

const orgFields = {
  name: nameSchema,
  type: OrgTypeSchema,
  parentId: IdSchema,
  description: optionalText(500),
  contactName: optionalText(64),
  contactPhone: phoneSchema.optional().nullable().or(z.literal('')),
  contactEmail: emailSchema.optional().nullable().or(z.literal('')),
  address: optionalText(255),
  status: StatusSchema.default('NORMAL'),
  /** Everyone in the organisation and below must sign in with a second factor; absent: unchanged (off when new). */
  requireTwoFactor: z.boolean().optional(),
};

export const OrgAddBodySchema = z.object(orgFields);
export type OrgAddBody = z.infer<typeof OrgAddBodySchema>;

export const OrgEditBodySchema = z.object({ id: IdSchema, ...orgFields });
export type OrgEditBody = z.infer<typeof OrgEditBodySchema>;

export const OrgDeleteBodySchema = z.object({ id: IdSchema, confirmName: z.string().max(200) });
export const OrgStatusBodySchema = z.object({ id: IdSchema, status: StatusSchema });

export const OrgPageBodySchema = z.object({
  name: z.string().trim().max(64).optional(),
  type: OrgTypeSchema.optional(),
  status: StatusSchema.optional(),
  parentId: IdSchema.optional(),
});
export type OrgPageBody = z.infer<typeof OrgPageBodySchema>;

export const OrgTreeBodySchema = z.object({ types: z.array(OrgTypeSchema).max(5).optional() });

export const OrgRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: OrgTypeSchema,
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  description: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  address: z.string().nullable(),
  status: StatusSchema,
  requireTwoFactor: z.boolean(),
  childCount: z.number(),
  userCount: z.number(),
  createTime: z.string(),
});
export type OrgRow = z.infer<typeof OrgRowSchema>;

export type OrgTreeNode = {
  id: number;
  name: string;
  type: z.infer<typeof OrgTypeSchema>;
  status: string;
  children: OrgTreeNode[];
};
/** Recursive: the OpenAPI document names it by this id as a component, which refers to itself. */
export const OrgTreeNodeSchema: z.ZodType<OrgTreeNode> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      name: z.string(),
      type: OrgTypeSchema,
      status: z.string(),
      children: z.array(OrgTreeNodeSchema),
    }),
  )
  .meta({ id: 'OrgTreeNode' });
