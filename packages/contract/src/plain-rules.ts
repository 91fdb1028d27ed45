/**
 * The parts of the field rules (validation.ts) that need no zod, so that a page can use them without zod
 * in its first load (the web's public pages): message keys with parameters, the new password's pattern.
 */

/** A message key with parameters, carried in a zod issue message: `validation.length|{"min":3,"max":30}`. */
export const withParams = (key: string, params: Record<string, string | number>) =>
  `${key}|${JSON.stringify(params)}`;
export function parseMessage(message: string): { key: string; params: Record<string, string | number> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar), params: {} };
  }
}

/** What a user types as a new password (checked before it is hashed on the client). */
export const PLAIN_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z]).{6,64}$/;
