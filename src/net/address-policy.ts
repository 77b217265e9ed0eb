import ipaddr from 'ipaddr.js';

// Pure address rules for the outbound guard: which IPs count as public, how host strings in any notation map to
// IPs, and what the operator allowlist matches. No I/O here, so every rule is table-testable.

export type BlockReason =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'unique-local'
  | 'site-local'
  | 'discard'
  | 'nat64-local';

export type AddressClass = 'public' | BlockReason;

type Range = [cidr: string, reason: BlockReason];

// First match wins, so narrower ranges come before the ranges containing them (broadcast before 240/4).
const V4_BLOCKED: Range[] = [
  ['0.0.0.0/8', 'unspecified'], // "this network"; connecting to 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade-nat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'], // includes cloud metadata 169.254.169.254
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

const V6_BLOCKED: Range[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'nat64-local'], // RFC 8215 local-use NAT64: translates to whatever the local network decides
  ['100::/64', 'discard'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001:2::/48', 'benchmarking'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
];

const compile = (ranges: Range[]) => ranges.map(([cidr, reason]) => ({ net: ipaddr.parseCIDR(cidr), reason }));
const V4_TABLE = compile(V4_BLOCKED);
const V6_TABLE = compile(V6_BLOCKED);

const cidr6 = (s: string) => ipaddr.IPv6.parseCIDR(s);
// IPv6 forms that carry an IPv4 address: the packet ends up at (or is translated to) that IPv4 address, so the
// embedded address is what must be public.
const V4_MAPPED = cidr6('::ffff:0:0/96');
const V4_TRANSLATED = cidr6('::ffff:0:0:0/96'); // RFC 6145 SIIT
const NAT64 = cidr6('64:ff9b::/96'); // RFC 6052 well-known prefix
const SIX_TO_FOUR = cidr6('2002::/16');
const TEREDO = cidr6('2001::/32');
const IETF_PROTOCOL = cidr6('2001::/23'); // not globally reachable as a whole (RFC 6890)
const GLOBAL_UNICAST = cidr6('2000::/3'); // everything outside it is reserved or special

function v4FromWords(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function classifyV4(addr: ipaddr.IPv4): AddressClass {
  for (const { net, reason } of V4_TABLE) if (addr.match(net)) return reason;
  return 'public';
}

function classifyV6(addr: ipaddr.IPv6): AddressClass {
  for (const { net, reason } of V6_TABLE) if (addr.match(net)) return reason;
  const p = addr.parts;
  if (addr.match(V4_MAPPED) || addr.match(V4_TRANSLATED) || addr.match(NAT64)) return classifyV4(v4FromWords(p[6], p[7]));
  if (addr.match(SIX_TO_FOUR)) return classifyV4(v4FromWords(p[1], p[2]));
  if (addr.match(TEREDO)) {
    // Teredo carries the server address in clear and the client address bit-inverted; both must be public.
    const server = classifyV4(v4FromWords(p[2], p[3]));
    return server !== 'public' ? server : classifyV4(v4FromWords(~p[6] & 0xffff, ~p[7] & 0xffff));
  }
  if (addr.match(IETF_PROTOCOL) || !addr.match(GLOBAL_UNICAST)) return 'reserved';
  return 'public';
}

/** 'public' when an outbound connection to `ip` may reach the internet, otherwise why not. Accepts any notation
 *  parseHostLiteral accepts (dotted, decimal, hex, octal, short, bracketed, with zone id). */
export function classifyAddress(ip: string): AddressClass {
  const parsed = parseHostLiteral(ip);
  if (parsed.kind === 'name' || parsed.kind === 'invalid') return 'invalid';
  const addr = ipaddr.parse(parsed.kind === 'ipv6' ? stripZone(parsed.ip) : parsed.ip);
  return addr.kind() === 'ipv4' ? classifyV4(addr as ipaddr.IPv4) : classifyV6(addr as ipaddr.IPv6);
}

export type HostLiteral =
  | { kind: 'ipv4'; ip: string } // dotted decimal
  | { kind: 'ipv6'; ip: string } // compressed form, unbracketed, zone id kept as %zone
  | { kind: 'name'; name: string } // lower-case, without a trailing dot
  | { kind: 'invalid'; reason: string };

function stripZone(ip: string): string {
  const i = ip.indexOf('%');
  return i < 0 ? ip : ip.slice(0, i);
}

// WHATWG URL IPv4 number: 0x.. hex, leading 0 octal, else decimal. null = not a number.
function parseIPv4Number(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === '') return part === '' ? null : 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  return valid.test(digits) ? parseInt(digits, radix) : null;
}

// The WHATWG "ends in a number" rule: such a host must be an IPv4 address or it is not a valid host at all. This
// also catches what getaddrinfo would silently accept as an address (127.1, 0x7f000001, 2130706433).
function parseIPv4Like(host: string): HostLiteral | null {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const last = parts[parts.length - 1];
  if (!/^[0-9]+$/.test(last) && parseIPv4Number(last) === null) return null;
  if (parts.length > 4) return { kind: 'invalid', reason: 'numeric host with more than four parts' };
  const numbers = parts.map(parseIPv4Number);
  if (numbers.some((n) => n === null)) return { kind: 'invalid', reason: 'malformed numeric host' };
  const nums = numbers as number[];
  const head = nums.slice(0, -1);
  const tail = nums[nums.length - 1];
  if (head.some((n) => n > 255) || tail >= 256 ** (5 - nums.length)) return { kind: 'invalid', reason: 'IPv4 part out of range' };
  let value = tail;
  head.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return { kind: 'ipv4', ip: [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.') };
}

/** Normalises a host as it may appear in a URL, a config value or user input: IPv4 in any WHATWG notation,
 *  IPv6 bare or bracketed (zone as %zone or %25zone), or a DNS name. */
export function parseHostLiteral(host: string): HostLiteral {
  let h = host.trim();
  if (h === '') return { kind: 'invalid', reason: 'empty host' };
  const bracketed = h.startsWith('[') && h.endsWith(']');
  if (bracketed) h = h.slice(1, -1).replace(/%25/, '%');
  if (bracketed || h.includes(':')) {
    if (!ipaddr.IPv6.isValid(h)) return { kind: 'invalid', reason: 'malformed IPv6 address' };
    const addr = ipaddr.IPv6.parse(h);
    return { kind: 'ipv6', ip: addr.toString() };
  }
  const v4 = parseIPv4Like(h);
  if (v4) return v4;
  const name = h.toLowerCase().replace(/\.$/, '');
  if (!/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(name)) {
    return { kind: 'invalid', reason: 'not a DNS name' };
  }
  return { kind: 'name', name };
}

type AllowEntry = { kind: 'name'; name: string } | { kind: 'net'; net: [ipaddr.IPv4 | ipaddr.IPv6, number] };

/** Parses one allowlist entry: a DNS name (exact match), an IP (any notation) or a CIDR. null when malformed. */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const e = entry.trim();
  const slash = e.lastIndexOf('/');
  if (slash > 0) {
    const base = parseHostLiteral(e.slice(0, slash));
    const bits = Number(e.slice(slash + 1));
    if (base.kind !== 'ipv4' && base.kind !== 'ipv6') return null;
    const cidr = `${stripZone(base.ip)}/${bits}`;
    return /^\d+$/.test(e.slice(slash + 1)) && ipaddr.isValidCIDR(cidr) ? { kind: 'net', net: ipaddr.parseCIDR(cidr) } : null;
  }
  const parsed = parseHostLiteral(e);
  if (parsed.kind === 'name') return { kind: 'name', name: parsed.name };
  if (parsed.kind === 'invalid') return null;
  const addr = ipaddr.process(stripZone(parsed.ip));
  return { kind: 'net', net: [addr, addr.kind() === 'ipv4' ? 32 : 128] };
}

/**
 * True when the operator allowlist names this host or address. Names match exactly (case-insensitive, trailing
 * dot ignored; no wildcards). IPs match IP and CIDR entries; an IPv4-mapped IPv6 address matches as its IPv4.
 * Malformed entries never match (createOutbound rejects them up front).
 */
export function isAllowlisted(hostOrIp: string, allowlist: readonly string[]): boolean {
  const target = parseHostLiteral(hostOrIp);
  if (target.kind === 'invalid') return false;
  const addr = target.kind === 'name' ? null : ipaddr.process(stripZone(target.ip));
  return allowlist.some((raw) => {
    const entry = parseAllowEntry(raw);
    if (!entry) return false;
    if (entry.kind === 'name') return target.kind === 'name' && target.name === entry.name;
    return addr !== null && addr.kind() === entry.net[0].kind() && addr.match(entry.net);
  });
}
