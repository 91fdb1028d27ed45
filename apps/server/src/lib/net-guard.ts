import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Server-side request forgery guard for addresses the server connects to on a user's word (webhook
 * targets): refuses private, loopback, link-local, shared (CGNAT), multicast, documentation, reserved and
 * unspecified ranges, in IPv4 and IPv6, including IPv4 addresses carried in IPv6 (mapped `::ffff:a.b.c.d`,
 * compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). docs/security.md, "Webhooks".
 */

type Range = [bytes: number[], prefixBits: number];

const V4_BLOCKED: Range[] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // shared address space (CGNAT)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata services)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

const V6_BLOCKED: Range[] = [
  [[], 96], // ::/96: unspecified, loopback and the deprecated IPv4-compatible addresses
  [[0x01, 0x00], 64], // 100::/64 discard
  [[0x20, 0x01, 0x0d, 0xb8], 32], // 2001:db8::/32 documentation
  [[0x20, 0x01, 0x00, 0x00], 23], // 2001::/23 IETF protocol assignments (Teredo, ORCHID, …)
  [[0xfc], 7], // fc00::/7 unique local
  [[0xfe, 0x80], 10], // fe80::/10 link-local
  [[0xfe, 0xc0], 10], // fec0::/10 site-local (deprecated)
  [[0xff], 8], // ff00::/8 multicast
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address in any notation Node accepts (compressed, with a dotted IPv4 tail). */
function v6Bytes(address: string): number[] {
  // The URL parser writes the canonical form: lower-case hex groups, a dotted tail turned into hex.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.includes('::') ? canonical.split('::') : [canonical, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

const v4Bytes = (address: string) => address.split('.').map(Number);

function v4Blocked(bytes: number[]) {
  return V4_BLOCKED.some((r) => inRange(bytes, r));
}

/**
 * Whether an IP address (v4 or v6 text, brackets allowed) may not be connected to. Anything that is not
 * an IP address is blocked too.
 */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return v4Blocked(v4Bytes(ip));
  if (family !== 6) return true;
  const b = v6Bytes(ip);
  // IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96 carry an IPv4 address in their last 32 bits.
  const mapped = inRange(b, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96]);
  const nat64 = inRange(b, [[0x00, 0x64, 0xff, 0x9b], 96]);
  if (mapped || nat64) return v4Blocked(b.slice(12));
  // 6to4 2002:aabb:ccdd::/48 carries the IPv4 address aa.bb.cc.dd.
  if (inRange(b, [[0x20, 0x02], 16])) return v4Blocked(b.slice(2, 6));
  return V6_BLOCKED.some((r) => inRange(b, r));
}

export class BlockedTargetError extends Error {
  constructor(
    readonly reason: 'privateAddress' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host name once and checks every address it has: one blocked address refuses the host (a
 * name may not mix a public and a private address). The caller connects to the address returned, never
 * resolving again, so a DNS answer that changes between check and connection (rebinding) cannot lead it
 * elsewhere. With `allowPrivate`, nothing is refused (tests, closed networks).
 */
export async function resolveTarget(hostname: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      throw new BlockedTargetError('unresolvable', `cannot resolve ${host}: ${(err as Error).message}`);
    }
  }
  if (!addresses.length) throw new BlockedTargetError('unresolvable', `no address for ${host}`);
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw new BlockedTargetError('privateAddress', `address not allowed: ${blocked.address}`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
