import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, nextIp, type TestApp } from '../../../test/helper.ts';
import { jpegOf, pngOf, webpOf } from '../../../test/picture-fixture.ts';
import { sqlRow } from '../../db/rows.ts';
import { sniffPicture } from './file.service.ts';

let t: TestApp;
let dataDir: string;
let instA: string;
let instB: string;
let guest: string;
let owner: string;
let dealer: string;
let demo: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddc2f10000000049454e44ae426082',
    'hex',
  ),
]);
const JPEG = jpegOf(1, 1);
const WEBP = webpOf(1, 1, 'VP8 ');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----pvstar${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  token: string | null,
  file: Buffer,
  filename = 'roof.png',
  type = 'image/png',
  lang = 'en-GB',
) {
  const body = multipart(file, filename, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/file/upload',
    payload: body.payload,
    headers: { ...body.headers, lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: { url: string } | null },
  };
}
const fetchPicture = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const storedFiles = () => {
  const dir = path.join(dataDir, 'files', 'pictures');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-file-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  [instA, instB, guest, owner, dealer] = await Promise.all([
    t.login('demo-installer-a'),
    t.login('demo-installer-b'),
    t.login('demo-guest'),
    t.login('demo-owner'),
    t.login('demo-dealer'),
  ]);
  demo = (await t.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() })).body.data as string;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('recognising pictures by their bytes', () => {
  it('knows PNG, JPEG and WebP and nothing else', () => {
    expect(sniffPicture(PNG)?.ext).toBe('png');
    expect(sniffPicture(JPEG)?.ext).toBe('jpg');
    expect(sniffPicture(WEBP)?.ext).toBe('webp');
    expect(sniffPicture(SVG)).toBeNull();
    expect(sniffPicture(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffPicture(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffPicture(Buffer.alloc(0))).toBeNull();
  });
});

describe('uploading a plant picture', () => {
  it('stores a PNG under a random name and serves it to signed-in users only', async () => {
    const res = await upload(instA, PNG);
    expect(res.status).toBe(200);
    expect(res.body.data!.url).toMatch(/^\/file\/pictures\/[a-f0-9]{32}\.png$/);
    const name = res.body.data!.url.split('/').pop()!;
    expect(fs.readFileSync(path.join(dataDir, 'files', 'pictures', name))).toEqual(PNG);

    const served = await fetchPicture(res.body.data!.url, instA);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(PNG);
    expect((await fetchPicture(res.body.data!.url)).statusCode).toBe(401);
  });

  it('serves a picture no plant shows yet only to its uploader’s organisation and those above it', async () => {
    const url = (await upload(instA, PNG)).body.data!.url;
    // Installer A's own people and its dealer (who may put it on a plant) …
    for (const [who, token] of [
      ['installer A', instA],
      ['guest of A', guest],
      ['dealer', dealer],
    ] as const)
      expect((await fetchPicture(url, token)).statusCode, who).toBe(200);
    // … never another tenant holding the name, nor an owner below A: 404, as an unknown name.
    for (const [who, token] of [
      ['installer B', instB],
      ['owner below A', owner],
    ] as const) {
      const res = await fetchPicture(url, token);
      expect(res.statusCode, who).toBe(404);
      expect(res.rawPayload).not.toEqual(PNG);
    }
  });

  it('names the file by what it is, not by what it is called', async () => {
    const res = await upload(instA, JPEG, 'holiday.png', 'image/png');
    expect(res.body.data!.url).toMatch(/\.jpg$/);
    const served = await fetchPicture(res.body.data!.url, instA);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await upload(instA, WEBP, 'x.bin', 'application/octet-stream')).body.data!.url).toMatch(
      /\.webp$/,
    );
  });

  it('refuses an SVG or HTML named .png (415, localised) and stores nothing', async () => {
    const before = storedFiles().length;
    const svg = await upload(instA, SVG, 'roof.png', 'image/png');
    expect(svg.status).toBe(415);
    expect(svg.body.msg).toBe('The file format is incorrect');
    const html = await upload(
      instA,
      Buffer.from('<html><body onload=alert(1)>'),
      'roof.jpg',
      'image/jpeg',
      'de-DE',
    );
    expect(html.status).toBe(415);
    expect(html.body.msg).toBe('Das Dateiformat ist falsch');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a picture over 5 MB (413) and stores nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(instA, big);
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The picture is larger than 5 MB');
    expect(storedFiles().length).toBe(before);
    // Exactly 5 MB is still fine.
    const edge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload(instA, edge)).status).toBe(200);
  });

  it('refuses pictures whose header claims over 50 million pixels (422 naming the file, localised), storing nothing', async () => {
    const before = storedFiles().length;
    const bombs = {
      'a PNG': pngOf(60_000, 60_000),
      'a JPEG': jpegOf(60_000, 60_000),
      'an extended WebP': webpOf(60_000, 60_000),
      'a lossy WebP': webpOf(16_383, 16_383, 'VP8 '),
      'a PNG one row over the limit': pngOf(10_000, 5_001),
    };
    for (const [what, bomb] of Object.entries(bombs)) {
      expect(bomb.length, what).toBeLessThan(1024);
      const res = await upload(instA, bomb);
      expect(res.status, what).toBe(422);
      expect(res.body.data).toEqual({
        fields: [{ field: 'file', message: 'The picture has more than 50 million pixels' }],
      });
    }
    const de = await upload(instA, pngOf(60_000, 60_000), 'roof.png', 'image/png', 'de-DE');
    expect(de.body.msg).toBe('Datei: Das Bild hat mehr als 50 Millionen Pixel');
    expect(storedFiles().length).toBe(before);
    // A 50-megapixel photo is still a picture; a header without a size (or of another format) is none.
    for (const edge of [pngOf(10_000, 5_000), jpegOf(8_660, 5_773), webpOf(8_660, 5_773)])
      expect((await upload(instA, edge)).status).toBe(200);
    const sizeless = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    expect((await upload(instA, sizeless)).status).toBe(415);
    expect((await upload(instA, pngOf(0, 1))).status).toBe(415);
  });

  it('refuses a request that is no upload', async () => {
    const res = await t.call('POST', '/file/upload', { token: instA, body: { url: 'x' } });
    expect(res.status).toBe(415);
  });

  it('lets only plant managers upload: not the guest, not the demo login, not anonymous', async () => {
    expect((await upload(guest, PNG)).status).toBe(403);
    expect((await upload(demo, PNG)).status).toBe(403);
    expect((await upload(null, PNG)).status).toBe(401);
  });

  it('serves nothing outside the pictures folder', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'secret');
    for (const url of [
      '/file/pictures/..%2F..%2Fsecret.txt',
      '/file/pictures/%2e%2e%2fsecret.txt',
      '/file/pictures/..%5Csecret.txt',
      '/file/pictures/00000000000000000000000000000000.png',
      '/file/pictures/secret.txt',
    ]) {
      const res = await fetchPicture(url, instA);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('whose picture a plant may show', () => {
  let serialCounter = 0;
  const plantBody = (org: string, picture: string) => {
    serialCounter += 1;
    const tag = `${Date.now().toString(36).toUpperCase()}${serialCounter}`;
    return {
      stationName: `Picture plant ${tag}`,
      stationType: 'PHOTOVOLTAIC',
      installedCapacity: 5,
      currency: 'EUR',
      stationPicture: picture,
      countryCode: 'DE',
      detailAddress: `Bildweg 1, ${org}`,
      latitude: 48.1,
      longitude: 11.5,
      timezone: 'Europe/Berlin',
      devices: {
        dongles: [
          {
            sn: `PIC-DGL-${tag}`,
            networkingMode: 'WIFI',
            inverters: [{ sn: `PIC-INV-${tag}`, inverterType: 'SINGLE_PHASE' }],
          },
        ],
      },
    };
  };
  const addPlant = (token: string, body: unknown) =>
    t.call('POST', '/station/station/add', { token, body, lang: 'de-DE' });

  it('refuses a plant naming a picture another tenant uploaded (400 naming the field) and saves nothing', async () => {
    const ofB = (await upload(instB, PNG)).body.data!.url;
    const res = await addPlant(instA, plantBody('Alpha', ofB));
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['stationPicture']);
    expect(res.body.msg).toBe('Anlagenbild: Unbekanntes Bild: bitte erneut hochladen');
    const row = await sqlRow<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM plants WHERE picture = ${ofB}`,
    );
    expect(row?.n).toBe(0);
    // Its own upload it may name; B may name its own too.
    const ofA = (await upload(instA, PNG)).body.data!.url;
    expect((await addPlant(instA, plantBody('Alpha', ofA))).status).toBe(200);
    expect((await addPlant(instB, plantBody('Bravo', ofB))).status).toBe(200);
  });
});
