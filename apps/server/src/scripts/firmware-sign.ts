import { createHash } from 'node:crypto';
import fs from 'node:fs';
import {
  FIRMWARE_MANIFEST_FORMAT,
  FIRMWARE_TYPES,
  type FirmwareManifest,
  FirmwareManifestSchema,
} from '@pvstar/contract/firmware';
import {
  fingerprintOf,
  generateSigningKey,
  publicKeyOf,
  signManifest,
} from '../modules/firmware/firmware.signature.ts';

import { commandLine, usageError, whereTyped } from './cli.ts';

const USAGE = `Sign a firmware image's manifest: what a manufacturer hands over with the image

  npm run firmware:sign -- --key <private-key.pem> --manufacturer <name> --type <type> \\
    --version <version> --model <model> [--model <model> …] image.bin
  npm run firmware:sign -- --generate <name>

  --key FILE           an Ed25519 private key (PEM, PKCS#8)
  --manufacturer NAME  the manufacturer as its devices report it (its name or short name in the portal)
  --type TYPE          ${FIRMWARE_TYPES.join(', ')}
  --version VERSION    the image's version: an optional V, one to four numbers, an optional -pre-release
                       (V2.4.0, 2.4.0-rc.1); devices refuse a lower one unless the portal marks a rollback
  --model MODEL        a device model the image fits, as the devices report it; once per model
  --out FILE           where to write the signed manifest (default: image.bin.manifest.json)

  Writes the manifest (format ${FIRMWARE_MANIFEST_FORMAT}: manufacturer, type, version, models, the image's
  SHA-256 and size) with its Ed25519 signature over the manifest's canonical JSON; upload it with the
  image. The signature covers the manifest only: the manifest names the image by its SHA-256.

  --generate NAME      writes a new key pair: NAME.pem (the private key, mode 0600) and NAME.pub.pem (the
                       public key to register on the manufacturer); never overwrites

Both print the public key (raw, base64) and its fingerprint, as the manufacturer screen shows them.
`;

// A type of its own, so that the compiler knows a failed check ends the tool.
const fail: (message: string) => never = (message) => usageError(USAGE, message);
const { values, positionals } = commandLine(USAGE, {
  allowPositionals: true,
  options: {
    key: { type: 'string' },
    manufacturer: { type: 'string' },
    type: { type: 'string' },
    version: { type: 'string' },
    model: { type: 'string', multiple: true },
    out: { type: 'string' },
    generate: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const describe = (publicKey: string) => `public key  ${publicKey}\nfingerprint ${fingerprintOf(publicKey)}\n`;

if (values.generate) {
  const privateFile = whereTyped(`${values.generate}.pem`);
  const publicFile = whereTyped(`${values.generate}.pub.pem`);
  for (const file of [privateFile, publicFile])
    if (fs.existsSync(file)) fail(`${file} exists: choose another name`);
  const key = generateSigningKey();
  fs.writeFileSync(privateFile, key.privatePem, { mode: 0o600, flag: 'wx' });
  const spki = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(key.publicKey, 'base64'),
  ]);
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.toString('base64')}\n-----END PUBLIC KEY-----\n`;
  fs.writeFileSync(publicFile, pem, { flag: 'wx' });
  process.stdout.write(`wrote ${privateFile} and ${publicFile}\n${describe(key.publicKey)}`);
  process.exit(0);
}

if (!values.key) fail('--key (or --generate) is required');
if (positionals.length !== 1) fail('name the one image to sign (each image has its own manifest)');
let privatePem: string;
let publicKey: string;
try {
  privatePem = fs.readFileSync(whereTyped(values.key), 'utf8');
  publicKey = publicKeyOf(privatePem);
} catch (err) {
  fail(`${values.key}: not an Ed25519 private key in PEM (${(err as Error).message})`);
}
const imageFile = whereTyped(positionals[0]!);
let image: Buffer;
try {
  image = fs.readFileSync(imageFile);
} catch (err) {
  fail(`${positionals[0]}: ${(err as Error).message}`);
}
const parsed = FirmwareManifestSchema.safeParse({
  format: FIRMWARE_MANIFEST_FORMAT,
  manufacturer: values.manufacturer,
  firmwareType: values.type,
  version: values.version,
  models: values.model ?? [],
  sha256: createHash('sha256').update(image).digest('hex'),
  size: image.length,
});
if (!parsed.success) {
  const rules: Record<string, string> = {
    manufacturer: '--manufacturer: 1 to 64 characters, no spaces at either end',
    firmwareType: `--type: one of ${FIRMWARE_TYPES.join(', ')}`,
    version: '--version: an optional V, one to four numbers, an optional -pre-release (at most 32)',
    models: '--model: 1 to 100 models of 1 to 64 characters, no spaces at either end, none twice',
    size: `${positionals[0]}: empty or larger than the portal takes`,
  };
  const problems = parsed.error.issues.map((i) => rules[String(i.path[0])] ?? i.message);
  fail(`cannot sign this manifest:\n  ${[...new Set(problems)].join('\n  ')}`);
}
const manifest: FirmwareManifest = parsed.data;
const out = values.out ? whereTyped(values.out) : `${imageFile}.manifest.json`;
const signed = { manifest, signature: signManifest(manifest, privatePem) };
fs.writeFileSync(out, `${JSON.stringify(signed, null, 2)}\n`);
process.stdout.write(
  `wrote ${out}\n${manifest.manufacturer} ${manifest.firmwareType} ${manifest.version} for ${manifest.models.join(', ')}\nsha256      ${manifest.sha256}\n${describe(publicKey)}`,
);
