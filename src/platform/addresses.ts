// Client addresses as the counting rules see them: one IPv4 address, or one
// IPv6 /64 (the block one subscriber line gets, within which a client picks
// addresses at will); a network is an IPv4 /24 or an IPv6 /48.
import { isIPv4, isIPv6 } from 'node:net';

/** The address without an IPv4-mapped IPv6 wrapper (`::ffff:203.0.113.9` is 203.0.113.9). */
function bare(ip: string): string {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

/** The eight groups of an IPv6 address, each as four lower-case hex digits. */
function ipv6Groups(ip: string): string[] {
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((g) => g.toLowerCase().padStart(4, '0'));
}

/** The prefix of an address: its first `v4` bits (8, 16, 24, 32) for IPv4, `v6` bits (16..128 by 16) for IPv6; null for what is not one. */
function prefixOf(ip: string, bits: { v4: number; v6: number }): string | null {
  const address = bare(ip);
  if (isIPv4(address))
    return `${[...address.split('.').slice(0, bits.v4 / 8), ...Array(4 - bits.v4 / 8).fill('0')].join('.')}/${bits.v4}`;
  if (isIPv6(address))
    return `${ipv6Groups(address)
      .slice(0, bits.v6 / 16)
      .join(':')}::/${bits.v6}`;
  return null;
}

/** One client's address: an IPv4 address, or the IPv6 /64 it is in; null for what is not an address. */
export const clientAddress = (ip: string): string | null => prefixOf(ip, { v4: 32, v6: 64 });

/** The network an address is in: IPv4 /24, IPv6 /48; null for what is not an address. */
export const networkPrefix = (ip: string): string | null => prefixOf(ip, { v4: 24, v6: 48 });
