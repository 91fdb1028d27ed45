import { isMessageKey } from '@pvstar/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { HostileRequest } from './hostile-requests.ts';
import type { Verdict } from './verdict.ts';

/** What every answer of the hostile-input run must be, whatever was sent (see hostile-input.test.ts). */

/** Routes whose success answer is the shape EMQX reads (`{ result }`), not the envelope; errors are enveloped. */
const BROKER_SHAPED = new Set(['POST /mqtt/auth', 'POST /mqtt/acl']);

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

export function describeRequest(req: HostileRequest): string {
  const parts = [`[${req.kind}]`];
  if (Object.keys(req.params).length) parts.push(`params ${clip(JSON.stringify(req.params))}`);
  if (Object.keys(req.querystring).length) parts.push(`query ${clip(JSON.stringify(req.querystring))}`);
  if (req.payload !== undefined)
    parts.push(`body ${clip(JSON.stringify(req.payload))} as ${clip(req.contentType ?? '', 60)}`);
  if (req.authorization !== 'caller')
    parts.push(`authorization ${clip(JSON.stringify(req.authorization), 60)}`);
  if (req.lang !== 'en-GB') parts.push(`lang ${clip(JSON.stringify(req.lang), 60)}`);
  return parts.join(' ');
}

export function checkAnswer(key: string, req: HostileRequest, verdict: Verdict, res: LightMyRequestResponse) {
  const status = res.statusCode;
  const where = `${key} ${describeRequest(req)}\n→ ${status} ${clip(res.body, 400)}\n(expected: ${verdict.why})`;
  expect(status, where).toBeLessThan(500);
  if (verdict.verdict !== 'maybe') expect(status, where).toBeGreaterThanOrEqual(400);
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (status < 300) {
    if (BROKER_SHAPED.has(key)) expect(['allow', 'deny'], where).toContain(res.json().result);
    else if (isJson) expect(res.json().code, where).toBe(status);
    return;
  }
  expect(isJson, where).toBe(true);
  const body = res.json() as {
    code: unknown;
    msg: unknown;
    data?: { fields?: { field: unknown; message: unknown }[] } | null;
  };
  expect(body.code, where).toBe(status);
  expect(typeof body.msg === 'string' && body.msg.trim().length > 0, where).toBe(true);
  expect(isMessageKey(String(body.msg)), `${where}\nmsg is an untranslated catalogue key`).toBe(false);
  expect('data' in body, where).toBe(true);
  const fields = body.data?.fields;
  if (status === 400 && fields) {
    expect(fields.length, where).toBeGreaterThan(0);
    for (const f of fields) {
      expect(typeof f.field === 'string' && f.field.length > 0, where).toBe(true);
      expect(typeof f.message === 'string' && f.message.length > 0, where).toBe(true);
    }
  }
  if (verdict.verdict === 'invalid') {
    expect(status, where).toBe(400);
    const reported = (fields ?? []).map((f) => String(f.field));
    expect(verdict.namesTheFields(reported), `${where}\nthe answer names ${JSON.stringify(reported)}`).toBe(
      true,
    );
  }
}
