import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { dongles, plants } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { issueDongleSecret, verifyDongleSecret } from './dongle-credentials.ts';

describe('dongle credentials', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const [plant] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: 'P-TEST-1',
        orgId: 3,
        name: 'Test plant',
        type: 'PHOTOVOLTAIC',
        installedCapacity: 9.9,
      })
      .returning({ id: plants.id });
    const issued = issueDongleSecret();
    secret = issued.secret;
    await t.ctx.db
      .insert(dongles)
      .values({ sn: 'DGL-000001', plantId: plant!.id, secretHash: issued.secretHash });
  });
  afterAll(() => t.close());

  it('issues 256-bit secrets and keeps only their hash', () => {
    const a = issueDongleSecret();
    const b = issueDongleSecret();
    expect(Buffer.from(a.secret, 'base64url')).toHaveLength(32);
    expect(a.secret).not.toBe(b.secret);
    expect(a.secretHash).toBe(sha256(a.secret));
    expect(a.secretHash).not.toContain(a.secret);
  });

  it('accepts the own secret and nothing else', async () => {
    expect(await verifyDongleSecret(t.ctx.db, 'DGL-000001', secret)).toBe(true);
    expect(await verifyDongleSecret(t.ctx.db, 'DGL-000001', `${secret}x`)).toBe(false);
    expect(await verifyDongleSecret(t.ctx.db, 'DGL-000001', 'DGL-000001')).toBe(false);
    expect(await verifyDongleSecret(t.ctx.db, 'DGL-000002', secret)).toBe(false);
    expect(await verifyDongleSecret(t.ctx.db, "x' OR '1'='1", secret)).toBe(false);
  });
});
