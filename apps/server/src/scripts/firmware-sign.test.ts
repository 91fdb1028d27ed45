import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fingerprintOf,
  normalisePublicKey,
  parseSignature,
  verifyImage,
} from '../modules/firmware/firmware.signature.ts';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'firmware-sign.ts');
const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-sign-'));
/** The script as `npm run firmware:sign --` runs it: relative paths from where the command was typed. */
const sign = (...args: string[]) => run(tsx, [script, ...args], { env: { ...process.env, INIT_CWD: dir } });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('firmware:sign', () => {
  it('generates a key pair, signs an image, and the signature verifies with the public key', async () => {
    const generated = await sign('--generate', 'maker');
    const publicPem = fs.readFileSync(path.join(dir, 'maker.pub.pem'), 'utf8');
    const publicKey = normalisePublicKey(publicPem)!;
    expect(generated.stdout).toContain(publicKey);
    expect(generated.stdout).toContain(fingerprintOf(publicKey));
    expect(fs.statSync(path.join(dir, 'maker.pem')).mode & 0o777).toBe(0o600);

    const image = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
    fs.writeFileSync(path.join(dir, 'image.bin'), image);
    await sign('--key', 'maker.pem', 'image.bin');
    const signature = parseSignature(fs.readFileSync(path.join(dir, 'image.bin.sig')))!;
    expect(signature).toHaveLength(64);
    expect(verifyImage(image, signature, publicKey)).toBe(true);
    const changed = Buffer.from(image);
    changed[0] = 1;
    expect(verifyImage(changed, signature, publicKey)).toBe(false);

    // Never overwrites a key; refuses a key that is none.
    await expect(sign('--generate', 'maker')).rejects.toThrow(/exists/);
    await expect(sign('--key', 'image.bin', 'image.bin')).rejects.toThrow(/not an Ed25519 private key/);
  }, 30_000);
});
