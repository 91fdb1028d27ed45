import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const md5 = (value: string) => createHash('md5').update(value).digest('hex');

/** 256-bit opaque session token. */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashPassword = (md5Hex: string) => hash(md5Hex.toLowerCase(), { algorithm: 2 });
export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5Hex.toLowerCase());
  } catch {
    return false;
  }
}

/** Costs the same as a real check, so unknown accounts answer as slowly as known ones. */
let decoy: Promise<string> | undefined;
export async function verifyDecoy(md5Hex: string) {
  decoy ??= hashPassword(md5('decoy-password'));
  await verifyPassword(await decoy, md5Hex);
}

export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A readable generated password that satisfies the policy (upper, lower, digits). */
export function generatePassword(): string {
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const all = upper + lower + digits;
  const pick = (set: string) => set[randomInt(0, set.length)];
  const chars = [pick(upper), pick(lower), pick(digits), ...Array.from({ length: 9 }, () => pick(all))];
  return chars.sort(() => randomInt(0, 3) - 1).join('');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
