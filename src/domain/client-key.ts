import ipaddr from 'ipaddr.js';

/**
 * The anonymous trial's bucket for a client address: the IPv4 address itself, or the /64 network for
 * IPv6 (one subscriber usually holds a whole /64). IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function trialClientKey(ip: string): string {
  try {
    let addr = ipaddr.parse(ip.replace(/^\[|\]$/g, '').split('%')[0]);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
    if (addr.kind() === 'ipv4') return `ip:${addr.toString()}`;
    const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
    return `ip6:${parts.join(':')}::/64`;
  } catch {
    return `raw:${ip}`;
  }
}
