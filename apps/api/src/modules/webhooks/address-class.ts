import { isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of address an IP is, for the SSRF guard: only `public` may be reached from production
 * (docs/webhooks.md "Security"). Pure: the caller resolves names.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'unique-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/** Cloud instance-metadata services: the classic SSRF prize (AWS, GCP, Azure, and AWS's IPv6 one). */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

type Range4 = [first: number, prefix: number, kind: AddressClass];

/** IPv4 ranges that are not the public internet (RFC 6890 and friends), as 32-bit numbers. */
const V4_RANGES: Range4[] = [
  [ip4('0.0.0.0'), 8, 'unspecified'],
  [ip4('10.0.0.0'), 8, 'private'],
  [ip4('100.64.0.0'), 10, 'cgnat'],
  [ip4('127.0.0.0'), 8, 'loopback'],
  [ip4('169.254.0.0'), 16, 'link-local'],
  [ip4('172.16.0.0'), 12, 'private'],
  [ip4('192.0.0.0'), 24, 'reserved'],
  [ip4('192.0.2.0'), 24, 'reserved'],
  [ip4('192.88.99.0'), 24, 'reserved'],
  [ip4('192.168.0.0'), 16, 'private'],
  [ip4('198.18.0.0'), 15, 'reserved'],
  [ip4('198.51.100.0'), 24, 'reserved'],
  [ip4('203.0.113.0'), 24, 'reserved'],
  [ip4('224.0.0.0'), 4, 'multicast'],
  [ip4('240.0.0.0'), 4, 'reserved'],
];

function ip4(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function classify4(text: string): AddressClass {
  if (METADATA.has(text)) return 'metadata';
  const n = ip4(text);
  for (const [first, prefix, kind] of V4_RANGES) {
    const size = 2 ** (32 - prefix);
    if (n >= first && n < first + size) return kind;
  }
  return 'public';
}

/** The 8 groups of an IPv6 address (an embedded dotted IPv4 tail counts as two). */
function groups6(text: string): number[] {
  let body = text.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted?.[1]) {
    const n = ip4(dotted[1]);
    body = `${body.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = body.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function v4From(g: number[], at: number): string {
  const hi = g[at] ?? 0;
  const lo = g[at + 1] ?? 0;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

function classify6(text: string): AddressClass {
  const g = groups6(text);
  const canonical = g.map((x) => x.toString(16)).join(':');
  if (canonical === '0:0:0:0:0:0:0:0') return 'unspecified';
  if (canonical === '0:0:0:0:0:0:0:1') return 'loopback';
  if (canonical === 'fd00:ec2:0:0:0:0:0:254') return 'metadata';
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = g;
  // An IPv4 address written as IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, the old
  // compatible ::a.b.c.d) reaches that IPv4 address: judge it as one.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0))
    return classify4(v4From(g, 6));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return classify4(v4From(g, 6));
  // 6to4 (2002::/16) carries the IPv4 address in groups 1–2.
  if (g0 === 0x2002) return classify4(v4From(g, 1));
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  // Deprecated site-local (fec0::/10): private by intent.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // Documentation (2001:db8::/32) and discard (100::/64).
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  return 'public';
}

/** The class of an IPv4 or IPv6 address in text; throws on text that is not an IP address. */
export function classifyAddress(address: string): AddressClass {
  if (isIPv4(address)) return classify4(address);
  if (isIPv6(address.split('%')[0] ?? '')) return classify6(address);
  throw new Error(`not an IP address: ${address}`);
}

/** True for `localhost`, its subdomains (RFC 6761) and loopback literals. */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const bare = name.replace(/^\[|\]$/g, '');
  return (isIPv4(bare) || isIPv6(bare)) && classifyAddress(bare) === 'loopback';
}
