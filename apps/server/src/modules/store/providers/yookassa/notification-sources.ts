import { BlockList, isIP } from 'node:net';

/**
 * Whether an address lies in a list of addresses and CIDR ranges, IPv4 and IPv6 alike, with
 * real prefix lengths (a /27 is a /27). An IPv4 address seen as IPv4-mapped IPv6
 * (`::ffff:185.71.76.1`, as a dual-stack socket reports it) counts as the IPv4 address.
 */
export function addressMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
