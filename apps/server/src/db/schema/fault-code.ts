import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import type { Lang } from '@pvstar/contract/lang';
import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The fault code library (basic data, global): one row per code, the message and fix advice in every
 * language as jsonb objects keyed by language, so that a new language needs no migration.
 */
export const faultCodes = pgTable(
  'fault_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    faultCode: varchar('fault_code', { length: 32 }).notNull(),
    deviceType: varchar('device_type', { length: 16 }).$type<FaultDeviceType>().notNull(),
    alarmLevel: varchar('alarm_level', { length: 16 }).$type<AlarmLevel>().notNull(),
    messages: jsonb('messages').$type<Record<Lang, string>>().notNull(),
    fixAdvice: jsonb('fix_advice').$type<Record<Lang, string>>().notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fault_codes_code_uq').on(t.faultCode),
    index('fault_codes_type_idx').on(t.deviceType),
    index('fault_codes_level_idx').on(t.alarmLevel),
  ],
);
