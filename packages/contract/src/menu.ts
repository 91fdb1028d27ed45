import { z } from 'zod';
import { IdSchema } from './api.ts';
import { MenuTypeSchema } from './enums.ts';
import { optionalText, requiredText } from './validation.ts';

const menuFields = {
  parentId: IdSchema.nullable().optional(),
  type: MenuTypeSchema,
  name: requiredText(1, 64),
  keyword: optionalText(64),
  routePath: optionalText(200),
  permCode: requiredText(1, 20).regex(/^[0-9]+$/, { message: 'validation.digits' }),
  pagePath: optionalText(200),
  icon: optionalText(64),
  visible: z.boolean().default(true),
  sort: z.number().int().min(0).max(9999).default(0),
};
export const MenuAddBodySchema = z.object(menuFields);
export type MenuAddBody = z.infer<typeof MenuAddBodySchema>;
export const MenuEditBodySchema = z.object({ id: IdSchema, ...menuFields });
export type MenuEditBody = z.infer<typeof MenuEditBodySchema>;
export const MenuIdQuerySchema = z.object({ menuId: IdSchema });

export type MenuRow = {
  id: number;
  parentId: number | null;
  type: z.infer<typeof MenuTypeSchema>;
  name: string;
  keyword: string | null;
  routePath: string | null;
  permCode: string;
  pagePath: string | null;
  icon: string | null;
  visible: boolean;
  sort: number;
  /** Seeded from the contract's table: code, route and page cannot change, nor can it be deleted. */
  builtin: boolean;
  children: MenuRow[];
};
/** Recursive: the OpenAPI document names it by this id as a component, which refers to itself. */
export const MenuRowSchema: z.ZodType<MenuRow> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      parentId: z.number().nullable(),
      type: MenuTypeSchema,
      name: z.string(),
      keyword: z.string().nullable(),
      routePath: z.string().nullable(),
      permCode: z.string(),
      pagePath: z.string().nullable(),
      icon: z.string().nullable(),
      visible: z.boolean(),
      sort: z.number(),
      builtin: z.boolean(),
      children: z.array(MenuRowSchema),
    }),
  )
  .meta({ id: 'MenuRow' });
