import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature (docs/webhooks.md): HMAC-SHA256 with the endpoint's secret over
 * `<unix seconds>.<raw body>`, sent as `PVSTAR-Signature: t=<unix seconds>,v1=<hex>`. Several `v1` values
 * may follow each other (a receiver accepts any); we send one.
 */
export const signPayload = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;

/** A new signing secret: `whsec_` and 32 random characters (192 bits). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * What a receiver does (and our tests): the header's time within `toleranceSeconds` of now and one of its
 * `v1` signatures equal, in constant time, to ours over the raw body.
 */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  opts: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t)) return false;
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
