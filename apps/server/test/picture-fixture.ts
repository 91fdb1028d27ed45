import { crc32, deflateSync } from 'node:zlib';

/**
 * Pictures as the upload tests send them: a few hundred bytes each whose header claims any size, so that a
 * test makes a 1 × 1 picture or a pixel bomb (60,000 × 60,000 in 1 KB) of each format the portal takes.
 */

const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

function pngChunk(type: string, data: Buffer) {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
}

/** An RGBA PNG of width × height whose pixel data is its first row or less of zeros (deflated). */
export function pngOf(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 6, 0, 0, 0])]);
  const firstRow = Buffer.alloc(1 + Math.min(width, 1000) * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(firstRow)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's header of width × height (JFIF, a three-component SOF0), and its end marker. */
export function jpegOf(width: number, height: number): Buffer {
  const app0 = Buffer.concat([
    Buffer.from([0xff, 0xe0]),
    u16be(16),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ]);
  const sof0 = Buffer.concat([
    Buffer.from([0xff, 0xc0]),
    u16be(17),
    Buffer.from([8]),
    u16be(height),
    u16be(width),
    Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

/**
 * A WebP of width × height: extended (`VP8X`, a canvas of up to 2²⁴ pixels a side) or lossy (`VP8 `, up to
 * 16,383 a side), the header of its image data only.
 */
export function webpOf(width: number, height: number, kind: 'VP8X' | 'VP8 ' = 'VP8X'): Buffer {
  const chunk =
    kind === 'VP8X'
      ? Buffer.concat([Buffer.from([0, 0, 0, 0]), u24le(width - 1), u24le(height - 1)])
      : Buffer.concat([
          Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]),
          Buffer.from([width & 0xff, (width >> 8) & 0x3f, height & 0xff, (height >> 8) & 0x3f]),
          Buffer.alloc(8),
        ]);
  const body = Buffer.concat([Buffer.from(`WEBP${kind}`, 'latin1'), u32le(chunk.length), chunk]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}
