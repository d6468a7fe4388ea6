// Addresses as the counting rules see them: one client is an IPv4 address or
// an IPv6 /64; a network is an IPv4 /24 or an IPv6 /48.
import { describe, expect, it } from 'vitest';
import { clientAddress, networkPrefix } from '../../src/platform/addresses.js';

describe('clientAddress', () => {
  it('is the IPv4 address, mapped or not, and the IPv6 /64 written in full', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7/32');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7/32');
    expect(clientAddress('2001:DB8:1:2::5')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddress('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(clientAddress('2001:db8:1:2::1'));
    expect(clientAddress('2001:db8:1:3::1')).not.toBe(clientAddress('2001:db8:1:2::1'));
    expect(clientAddress('::1')).toBe('0000:0000:0000:0000::/64');
  });

  it('is null for what is not an address', () => {
    for (const junk of ['', 'localhost', '203.0.113', '2001:db8::1::2', 'not an ip'])
      expect(clientAddress(junk)).toBeNull();
  });
});

describe('networkPrefix', () => {
  it('is the IPv4 /24 and the IPv6 /48', () => {
    expect(networkPrefix('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkPrefix('2001:db8:1:ffff::2')).toBe('2001:0db8:0001::/48');
  });
});
