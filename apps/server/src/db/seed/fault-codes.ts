import { LANGS, type Lang } from '@pvstar/contract/lang';
import type { Db } from '../client.ts';
import { faultCodes } from '../schema/index.ts';
import { FAULT_LIBRARY } from './fault-library.ts';

const byLang = (pick: (l: Lang) => string) =>
  Object.fromEntries(LANGS.map((l) => [l, pick(l)])) as Record<Lang, string>;

/** Files the library's codes that are missing; codes already there (maybe edited by the provider) stay as they are. */
export async function seedFaultCodes(db: Db) {
  await db
    .insert(faultCodes)
    .values(
      FAULT_LIBRARY.map((e) => ({
        faultCode: e.faultCode,
        deviceType: e.deviceType,
        alarmLevel: e.alarmLevel,
        messages: byLang((l) => e.t[l][0]),
        fixAdvice: byLang((l) => e.t[l][1]),
      })),
    )
    .onConflictDoNothing({ target: faultCodes.faultCode });
}
