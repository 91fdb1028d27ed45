import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fingerprintOf,
  normalisePublicKey,
  parseSignature,
  verifyManifest,
} from '../modules/firmware/firmware.signature.ts';
import { parseSignedManifest } from '../modules/firmware/firmware.upload.ts';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'firmware-sign.ts');
const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-sign-'));
/** The script as `npm run firmware:sign --` runs it: relative paths from where the command was typed. */
const sign = (...args: string[]) => run(tsx, [script, ...args], { env: { ...process.env, INIT_CWD: dir } });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('firmware:sign', () => {
  it('generates a key pair and signs a manifest naming the image, which verifies with the public key', async () => {
    const generated = await sign('--generate', 'maker');
    const publicPem = fs.readFileSync(path.join(dir, 'maker.pub.pem'), 'utf8');
    const publicKey = normalisePublicKey(publicPem)!;
    expect(generated.stdout).toContain(publicKey);
    expect(generated.stdout).toContain(fingerprintOf(publicKey));
    expect(fs.statSync(path.join(dir, 'maker.pem')).mode & 0o777).toBe(0o600);

    const image = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
    fs.writeFileSync(path.join(dir, 'image.bin'), image);
    const signed = await sign(
      ...['--key', 'maker.pem', '--manufacturer', 'Solplanet', '--type', 'INVERTER_ARM'],
      ...['--version', 'V2.4.0', '--model', 'ASW8K-LT', '--model', 'ASW10K-LT', 'image.bin'],
    );
    expect(signed.stdout).toContain(fingerprintOf(publicKey));
    const file = fs.readFileSync(path.join(dir, 'image.bin.manifest.json'), 'utf8');
    // What the portal reads from the upload: the manifest as signed, and a signature that verifies.
    const { manifest, signature } = parseSignedManifest(file);
    expect(manifest).toEqual({
      format: 'pvstar-firmware-manifest/1',
      manufacturer: 'Solplanet',
      firmwareType: 'INVERTER_ARM',
      version: 'V2.4.0',
      models: ['ASW8K-LT', 'ASW10K-LT'],
      sha256: createHash('sha256').update(image).digest('hex'),
      size: image.length,
    });
    expect(verifyManifest(manifest, signature, publicKey)).toBe(true);
    // Signed is what it says: another version under the same signature is no manifest of this key's.
    expect(verifyManifest({ ...manifest, version: 'V0.0.1' }, signature, publicKey)).toBe(false);
    expect(parseSignature(JSON.parse(file).signature)).toHaveLength(64);

    // Never overwrites a key; refuses a key that is none, and a manifest it cannot stand behind.
    await expect(sign('--generate', 'maker')).rejects.toThrow(/exists/);
    await expect(
      sign('--key', 'image.bin', '--manufacturer', 'X', '--type', 'DONGLE', '--version', '1', 'image.bin'),
    ).rejects.toThrow(/not an Ed25519 private key/);
    await expect(
      sign('--key', 'maker.pem', '--manufacturer', 'X', '--type', 'ARM', '--version', 'E2E', 'image.bin'),
    ).rejects.toThrow(/--type[\s\S]*--version[\s\S]*--model/);
  }, 30_000);
});
