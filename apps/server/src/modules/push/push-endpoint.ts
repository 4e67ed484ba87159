import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push endpoint may never point at: private, loopback, link-local, shared,
 * reserved. Two lists, since a BlockList matches IPv4 addresses against its IPv6
 * rules too (as mapped addresses), and ::ffff:0:0/96 would then block every one.
 */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, NAT64 and 6to4 addresses can carry any IPv4 address inside.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a server must not be made to call. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6');
}

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why a subscription endpoint is refused, or undefined when it may be called. Always
 * https without credentials; in production also on the default port and on a host
 * whose every address is public (row 48: no SSRF through a subscription). Names
 * are resolved here; the sender checks again before each delivery (DNS can change).
 */
export async function endpointProblem(
  endpoint: string,
  options: { production: boolean; resolve?: ResolveHost },
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The subscription endpoint is not a URL';
  }
  if (url.protocol !== 'https:') return 'The subscription endpoint must be an https URL';
  if (url.username || url.password) return 'The subscription endpoint must not carry credentials';
  if (!options.production) return undefined;
  if (url.port !== '') return 'The subscription endpoint must use the default https port';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? resolveWithDns)(host);
    } catch {
      return 'The subscription endpoint host cannot be resolved';
    }
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    return 'The subscription endpoint must be a public host';
  }
  return undefined;
}
