import { describe, expect, it } from 'vitest';
import { isBlockedAddress, resolveTarget } from './net-guard.ts';

describe('webhook target addresses', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:0a00:0001::1',
    '2001:db8::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('allows the public %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('resolves a name and refuses it when an address is internal; allows it with allowPrivate', async () => {
    await expect(resolveTarget('localhost', false)).rejects.toMatchObject({ reason: 'privateAddress' });
    await expect(resolveTarget('[::1]', false)).rejects.toMatchObject({ reason: 'privateAddress' });
    await expect(resolveTarget('127.0.0.1', true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolveTarget('name.invalid', false)).rejects.toMatchObject({ reason: 'unresolvable' });
  });
});
