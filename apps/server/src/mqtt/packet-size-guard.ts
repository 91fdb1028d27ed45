import type net from 'node:net';
import { Duplex, Transform } from 'node:stream';

/**
 * A client's connection as the broker should read it: the bytes pass through unchanged while each MQTT
 * packet's fixed header is read, and a packet that declares more than `maxBytes` ends the connection before
 * its body arrives. Aedes has no such limit: it would buffer a packet of up to 256 MB, whole, before
 * looking at it.
 */
export function guardPacketSize(
  socket: net.Socket,
  maxBytes: number,
  onTooLarge: (declaredBytes: number) => void,
): Duplex {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;
  let refused = false;
  const tooLarge = () => {
    refused = true;
    onTooLarge(length);
    socket.destroy();
  };
  const reader = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (refused) return done();
      for (let i = 0; i < chunk.length; ) {
        if (state === 'type') {
          state = 'length';
          length = 0;
          multiplier = 1;
          lengthBytes = 0;
          i += 1;
        } else if (state === 'length') {
          // The remaining length: 7 bits a byte, low first, at most 4 bytes.
          const byte = chunk[i]!;
          i += 1;
          length += (byte & 0x7f) * multiplier;
          multiplier *= 128;
          lengthBytes += 1;
          if (length > maxBytes || (byte & 0x80 && lengthBytes === 4)) {
            tooLarge();
            return done();
          }
          if (!(byte & 0x80)) {
            remaining = length;
            state = remaining > 0 ? 'body' : 'type';
          }
        } else {
          const take = Math.min(remaining, chunk.length - i);
          i += take;
          remaining -= take;
          if (remaining === 0) state = 'type';
        }
      }
      done(null, chunk);
    },
  });
  socket.pipe(reader);
  const conn = Duplex.from({ readable: reader, writable: socket });
  // The socket's own end (the peer hung up, or it failed) is the connection's end.
  socket.once('close', () => conn.destroy());
  socket.on('error', () => conn.destroy());
  return conn;
}
