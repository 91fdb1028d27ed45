import type net from 'node:net';

/**
 * A client's connection as the broker should read it: the bytes pass through unchanged while each MQTT
 * packet's fixed header is read, and a packet that declares more than `maxBytes` ends the connection before
 * its body arrives. Aedes has no such limit: it would buffer a packet of up to 256 MB, whole, before
 * looking at it. The guard reads each chunk as the broker takes it from the socket (aedes reads with
 * `read()`), on the socket itself: wrapping it in streams cost 6 KB of heap per connection (bench/broker-memory.ts).
 */
export function guardPacketSize(
  socket: net.Socket,
  maxBytes: number,
  onTooLarge: (declaredBytes: number) => void,
): net.Socket {
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
  const inspect = (chunk: Buffer) => {
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
        if (length > maxBytes || (byte & 0x80 && lengthBytes === 4)) return tooLarge();
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
  };
  // Aedes listens for 'readable' and takes every chunk with read(), so each chunk passes here first.
  const read = socket.read;
  socket.read = function guardedRead(this: net.Socket, size?: number) {
    const chunk = read.call(this, size) as Buffer | null;
    if (chunk && !refused) inspect(chunk);
    return refused ? null : chunk;
  };
  return socket;
}
