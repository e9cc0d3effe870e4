import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Ranges the crawler never connects to unless private networks are allowed, with how to say them. */
const RANGES: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'a reserved address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address (cloud metadata lives here)'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['198.18.0.0', 15, 'ipv4', 'a benchmarking address'],
  ['224.0.0.0', 3, 'ipv4', 'a multicast or reserved address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['fc00::', 7, 'ipv6', 'a private (unique local) address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const lists = RANGES.map(([network, prefix, family, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, reason };
});

/** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(ipv6: string): string | null {
  const groups = expandIpv6(ipv6);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6], groups[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7] > 1)) return v4(groups[6], groups[7]); // ::a.b.c.d
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]); // 64:ff9b::/96
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]); // 6to4
  return null;
}

function expandIpv6(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = text.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<number>(Math.max(fill, 0)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Why the crawler must not connect to this IP address, or null when it is a public one. */
export function refusalReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner) return refusalReason(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { list, family: listFamily, reason } of lists) {
    if (listFamily === type && list.check(bare, type)) return reason;
  }
  return null;
}

/** A refused target: the message says which address and why, and how to allow it. */
export class AddressRefusedError extends Error {
  constructor(host: string, address: string, reason: string) {
    const resolved = host === address ? address : `${host} (${address})`;
    super(`${resolved} is ${reason}; Quire does not crawl private networks (CRAWL_ALLOW_PRIVATE_NETWORKS).`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * Checks every address a host name resolves to at connection time (so a name that changes its
 * answer between check and connect cannot slip through), and literal IP hosts before any request.
 */
export class AddressGuard {
  private readonly resolver: Resolver;
  private readonly classify: (address: string) => string | null;

  /** `resolver` and `classify` default to the system's DNS and `refusalReason`; tests swap them. */
  constructor(
    private readonly allowPrivate: boolean,
    options: { resolver?: Resolver; classify?: (address: string) => string | null } = {},
  ) {
    this.resolver = options.resolver ?? systemResolver;
    this.classify = options.classify ?? refusalReason;
  }

  /** Throws AddressRefusedError when a URL names a refused IP literal. */
  checkLiteral(url: URL): void {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (this.allowPrivate || isIP(host) === 0) return;
    const reason = this.classify(host);
    if (reason) throw new AddressRefusedError(host, host, reason);
  }

  /** Resolves a host and refuses it if any of its addresses is refused. */
  async resolve(hostname: string): Promise<LookupAddress[]> {
    const addresses = await this.resolver(hostname);
    if (!this.allowPrivate) {
      for (const { address } of addresses) {
        const reason = this.classify(address);
        if (reason) throw new AddressRefusedError(hostname, address, reason);
      }
    }
    return addresses;
  }

  /** A `lookup` for undici's connector (net.connect's signature). */
  readonly lookup = (hostname: string, options: { all?: boolean } | number, callback: LookupCallback): void => {
    const all = typeof options === 'object' && options.all === true;
    this.resolve(hostname).then(
      (addresses) => (all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
      (error: NodeJS.ErrnoException) => callback(error, all ? [] : ''),
    );
  };
}
