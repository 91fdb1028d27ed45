import { z } from 'zod';

export const CrcEntrySchema = z.object({
  id: z.number(),
  lang: z.string(),
  countryCode: z.string(),
  countryRegionZh: z.string(),
  countryRegionEn: z.string(),
  phoneCode: z.string(),
});
export type CrcEntry = z.infer<typeof CrcEntrySchema>;

export const AreaQueryBodySchema = z.object({
  /** A country code (ISO 3166-1 alpha-2) gives its first-level regions; "0" gives the countries. */
  superiorCode: z.string().trim().min(1, { message: 'validation.required' }).max(20),
});
export const AreaSchema = z.object({
  code: z.string(),
  superiorCode: z.string(),
  nameEn: z.string(),
  nameLocal: z.string(),
});
export type Area = z.infer<typeof AreaSchema>;

export const UnitSchema = z.object({ code: z.string(), symbol: z.string(), quantity: z.string() });
export type Unit = z.infer<typeof UnitSchema>;
