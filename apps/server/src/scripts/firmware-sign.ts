import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  fingerprintOf,
  generateSigningKey,
  publicKeyOf,
  signImage,
} from '../modules/firmware/firmware.signature.ts';

const USAGE = `Sign a firmware image for development (manufacturers sign with their own tools and keys)

  npm run firmware:sign -- --key <private-key.pem> image.bin [more.bin …]
  npm run firmware:sign -- --generate <name>

  --key FILE       an Ed25519 private key (PEM, PKCS#8); writes image.bin.sig next to each image: the
                   detached signature in base64, to upload with the image
  --generate NAME  writes a new key pair: NAME.pem (the private key, mode 0600) and NAME.pub.pem (the
                   public key to register on the manufacturer); never overwrites

Both print the public key (raw, base64) and its fingerprint, as the manufacturer screen shows them.
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        generate: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
// npm runs workspace scripts in the workspace's folder; a relative path means where the command was typed.
const here = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const describe = (publicKey: string) => `public key  ${publicKey}\nfingerprint ${fingerprintOf(publicKey)}\n`;

if (values.generate) {
  const privateFile = here(`${values.generate}.pem`);
  const publicFile = here(`${values.generate}.pub.pem`);
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
if (positionals.length === 0) fail('name at least one image to sign');
let privatePem: string;
let publicKey: string;
try {
  privatePem = fs.readFileSync(here(values.key), 'utf8');
  publicKey = publicKeyOf(privatePem);
} catch (err) {
  fail(`${values.key}: not an Ed25519 private key in PEM (${(err as Error).message})`);
}
for (const image of positionals) {
  const file = here(image);
  let signature: string;
  try {
    signature = signImage(fs.readFileSync(file), privatePem);
  } catch (err) {
    fail(`${image}: ${(err as Error).message}`);
  }
  fs.writeFileSync(`${file}.sig`, `${signature}\n`);
  process.stdout.write(`wrote ${file}.sig\n`);
}
process.stdout.write(describe(publicKey));
