import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestOf } from '../../test/firmware-signing.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { manufacturerKeys, manufacturers } from '../db/schema/index.ts';
import { DEMO_MANUFACTURER } from '../db/seed/basic-devices.ts';
import { fingerprintOf, signManifest, verifyManifest } from '../modules/firmware/firmware.signature.ts';
import { demoFirmwareKeyFile, ensureDemoFirmwareKey } from './demo-firmware-key.ts';

describe('demo firmware key', () => {
  let t: TestApp;
  let dataDir: string;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-demo-key-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is made once in DATA_DIR, registered on the demo manufacturer, and signs what its key verifies', async () => {
    const first = await ensureDemoFirmwareKey(t.ctx.db, dataDir, log);
    expect(first.file).toBe(demoFirmwareKeyFile(dataDir));
    expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);
    const again = await ensureDemoFirmwareKey(t.ctx.db, dataDir, log);
    expect(again.publicKey).toBe(first.publicKey);
    const [maker] = await t.ctx.db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.name, DEMO_MANUFACTURER));
    const keys = await t.ctx.db
      .select()
      .from(manufacturerKeys)
      .where(eq(manufacturerKeys.manufacturerId, maker!.id));
    expect(keys).toEqual([
      expect.objectContaining({
        publicKey: first.publicKey,
        fingerprint: fingerprintOf(first.publicKey),
        retiredAt: null,
      }),
    ]);
    const manifest = manifestOf('PVSTAR', Buffer.from('demo image'));
    const signature = signManifest(manifest, fs.readFileSync(first.file, 'utf8'));
    expect(verifyManifest(manifest, Buffer.from(signature, 'base64'), first.publicKey)).toBe(true);
  });
});
