/**
 * Which URLs a live fetch may reach (the fetch guard, issue 14): http and https only, and no
 * address inside the machine or its network — loopback, private ranges, link-local (where cloud
 * metadata services answer), carrier-grade NAT, multicast, reserved — unless the caller allows
 * private networks (the local test web on 127.0.0.1 needs that).
 *
 * The check is on the *resolved* addresses, and `guardedLookup` is handed to the socket itself,
 * so the address checked is the address connected to (a name that resolves to a public address
 * for the check and to 127.0.0.1 for the connection cannot slip through).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { FetchError } from '../errors.js';

/** Schemes a live page or crawl may fetch. */
export const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/**
 * Ranges never reached from a live fetch unless private networks are allowed. Each line says
 * what lives there; the list follows the IANA special-purpose registries (RFC 6890 and later).
 */
const BLOCKED_V4: ReadonlyArray<[string, number, string]> = [
  ['0.0.0.0', 8, '"this network"; 0.0.0.0 reaches the local host on Linux'],
  ['10.0.0.0', 8, 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'carrier-grade NAT; also Alibaba Cloud metadata (100.100.100.200)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local; cloud metadata services (169.254.169.254)'],
  ['172.16.0.0', 12, 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, and the broadcast address'],
];
const BLOCKED_V6: ReadonlyArray<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique local (private); AWS metadata fd00:ec2::254'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];

/** Host names that are metadata services whatever they resolve to. */
const BLOCKED_HOSTNAMES: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'localhost']);

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/u.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/u.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an IP address a live fetch must not reach (see the ranges above). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4 !== null) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse rather than guess
}

export interface AddressPolicy {
  /** Reach loopback, private and link-local addresses too (the local test web; an intranet). */
  allowPrivateNetwork: boolean;
  /** Private addresses that may be reached all the same (e.g. only the test web's 127.0.0.1). */
  allowedAddresses?: readonly string[];
  /**
   * Host names answered without DNS (name → address), as Chromium's `--host-resolver-rules`
   * map them: a test web serving third-party hosts (ad servers named on EasyList) on 127.0.0.1.
   * The address is checked like any resolved one.
   */
  hostAddresses?: Readonly<Record<string, string>>;
}

/** Whether the policy refuses `address`. */
export function refusesAddress(address: string, policy: AddressPolicy): boolean {
  if (policy.allowPrivateNetwork) return false;
  if (policy.allowedAddresses?.includes(address)) return false;
  return isPrivateAddress(address);
}

/** The host of a URL without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/gu, '').toLowerCase();
}

/**
 * Checks what can be checked without the network: the scheme, a literal address, a metadata
 * host name. Throws `FetchError` ('fetch-blocked-scheme' / 'fetch-blocked-address').
 */
export function checkUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new FetchError('fetch-blocked-scheme', `Not a URL: ${raw}`, false, { cause });
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    throw new FetchError('fetch-blocked-scheme', `Only http and https may be fetched, not ${url.protocol} (${raw})`, false);
  }
  if (policy.allowPrivateNetwork) return url;
  const host = bareHost(url);
  if ((BLOCKED_HOSTNAMES.has(host) || host.endsWith('.localhost')) && !(policy.allowedAddresses?.length)) {
    throw new FetchError('fetch-blocked-address', `${host} is a local or metadata host (${raw}); allow private networks to fetch it`, false);
  }
  if (isIP(host) !== 0 && refusesAddress(host, policy)) {
    throw new FetchError('fetch-blocked-address', `${host} is a private, loopback or link-local address (${raw}); allow private networks to fetch it`, false);
  }
  return url;
}

/**
 * A `lookup` for sockets (http.request, net.connect) that resolves as usual and refuses to hand
 * back any private address: the connection is made only to an address that passed the check.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const mapped = policy.hostAddresses?.[hostname.toLowerCase()];
    const lookup = (done: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void): void => {
      if (mapped !== undefined) return done(null, [{ address: mapped, family: isIP(mapped) === 6 ? 6 : 4 }]);
      dnsLookup(hostname, { ...options, all: true }, done);
    };
    lookup((error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      if (!policy.allowPrivateNetwork) {
        const bad = addresses.find((a) => refusesAddress(a.address, policy));
        if (bad) {
          return callback(new FetchError('fetch-blocked-address', `${hostname} resolves to ${bad.address}, a private, loopback or link-local address`, false));
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/** Resolves `url`'s host and checks every address (for requests made by Chromium, not by us). */
export async function checkResolved(url: URL, policy: AddressPolicy): Promise<void> {
  if (policy.allowPrivateNetwork) return;
  const host = bareHost(url);
  if (isIP(host) !== 0) return; // literal addresses were checked by checkUrl
  await new Promise<void>((resolve, reject) => {
    guardedLookup(policy)(host, { all: true }, (error: NodeJS.ErrnoException | null) => (error ? reject(error) : resolve()));
  });
}
