import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { AddressKind } from '../contract/api/webhooks.ts';

export { ADDRESS_KINDS, type AddressKind } from '../contract/api/webhooks.ts';

/**
 * Which addresses a webhook may not reach: every range that leads into this machine, its networks
 * or a cloud provider's control plane rather than to a client's server on the internet. Each kind
 * can be allowed by the operator (WEBHOOK_ALLOW_ADDRESSES, e.g. `loopback` for tests).
 */

// Most specific first: 169.254.169.254 is metadata before it is link-local.
const RANGES: [AddressKind, string, number, 'ipv4' | 'ipv6'][] = [
  ['metadata', '169.254.169.254', 32, 'ipv4'], // AWS, GCP, Azure, OpenStack instance metadata
  ['metadata', '169.254.170.2', 32, 'ipv4'], // AWS ECS task metadata
  ['metadata', '100.100.100.200', 32, 'ipv4'], // Alibaba Cloud
  ['metadata', '192.0.0.192', 32, 'ipv4'], // Oracle Cloud
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'], // AWS over IPv6
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['cgnat', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['reserved', '192.0.2.0', 24, 'ipv4'], // documentation
  ['reserved', '192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'], // benchmarking
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'], // future use and 255.255.255.255 broadcast
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'], // discard
  ['reserved', '2001:db8::', 32, 'ipv6'], // documentation
  ['reserved', '2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo, ORCHID...)
  ['private', 'fc00::', 7, 'ipv6'], // unique local
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['private', 'fec0::', 10, 'ipv6'], // deprecated site-local
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS: [AddressKind, BlockList][] = [];
for (const [kind, net, prefix, type] of RANGES) {
  let list = LISTS.find(([k]) => k === kind)?.[1];
  if (!list) LISTS.push([kind, (list = new BlockList())]);
  list.addSubnet(net, prefix, type);
}

/**
 * The kind of a forbidden address, or null for an address on the public internet. IPv6 forms
 * that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address. Anything that is not an IP
 * address is 'unspecified' (never connected to).
 */
export function addressKind(address: string): AddressKind | null {
  if (isIPv4(address)) return lookupKind(address, 'ipv4');
  if (!isIPv6(address)) return 'unspecified';
  const embedded = embeddedIPv4(address);
  if (embedded) return lookupKind(embedded, 'ipv4');
  return lookupKind(address, 'ipv6');
}

function lookupKind(address: string, type: 'ipv4' | 'ipv6'): AddressKind | null {
  for (const [kind, list] of LISTS) if (list.check(address, type)) return kind;
  return null;
}

/** The IPv4 address an IPv6 address carries, if it is of a form that carries one. */
function embeddedIPv4(address: string): string | null {
  const g = groups(address);
  if (!g) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]); // ::ffff:a.b.c.d
  if (zero(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4(g[6], g[7]); // ::a.b.c.d (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 6to4
  return null;
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail and zone id allowed). */
function groups(address: string): number[] | null {
  let a = address.split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const p = dotted[1].split('.').map(Number);
    a = `${a.slice(0, -dotted[1].length)}${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head, tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = a.includes('::') ? 8 - h.length - t.length : 0;
  const all = [...h, ...Array(fill).fill('0'), ...t].map((x) => parseInt(x, 16));
  return all.length === 8 && all.every((x) => x >= 0 && x <= 0xffff) ? all : null;
}
