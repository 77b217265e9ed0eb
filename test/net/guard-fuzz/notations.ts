import fc from 'fast-check';

/**
 * fast-check arbitraries for URLs that all designate the canary (127.0.0.1 / ::1 on one port), in the notations
 * an attacker would try: IPv4 in any WHATWG form (decimal, octal, hex, short, padded), 0.0.0.0, IPv6 loopback
 * and IPv4-mapped forms, names that resolve or are host-mapped to loopback, each dressed with trailing dots,
 * case, percent-encoding, full-width characters, tabs, userinfo and authority confusions.
 */
export interface NotationContext {
  port: number;
  /** ::1 listens too: IPv6 loopback forms reach the canary. */
  ipv6: boolean;
  /** DNS names (served by the fuzz DNS server) whose answers at connect time contain a canary address. */
  loopbackNames: string[];
  /** Host-mapped to the canary but not allowlisted. */
  hostMappedNames: string[];
  /** An allowlisted fixture host, for userinfo and authority confusion (`allowed@canary`). */
  allowedHost: string;
}

export interface CanaryUrl {
  url: string;
  /** What designates the canary: the family of notation, for the report. */
  family: 'ipv4' | 'zero' | 'ipv6' | 'mapped' | 'name' | 'host-map';
}

const hexCase = (s: string, upper: boolean) => (upper ? s.toUpperCase() : s.toLowerCase());

/** One IPv4 number part in decimal, octal (leading zeros) or hex (0x/0X, leading zeros, either case). */
const numberPart = (value: number) =>
  fc
    .record({ radix: fc.constantFrom('dec', 'oct', 'hex'), pad: fc.nat(3), upper: fc.boolean(), prefixUpper: fc.boolean() })
    .map(({ radix, pad, upper, prefixUpper }) => {
      if (radix === 'dec') return String(value);
      if (radix === 'oct') return `0${'0'.repeat(pad)}${value.toString(8)}`;
      return `${prefixUpper ? '0X' : '0x'}${'0'.repeat(pad)}${hexCase(value.toString(16), upper)}`;
    });

/** An IPv4 address as 1 to 4 WHATWG parts (127.1 is 127.0.0.1, 2130706433 too), each in its own radix. */
export const ipv4Notation = (bytes: [number, number, number, number]) =>
  fc.integer({ min: 1, max: 4 }).chain((parts) => {
    const values = bytes.slice(0, parts - 1) as number[];
    const rest = bytes.slice(parts - 1).reduce((acc, b) => acc * 256 + b, 0);
    return fc.tuple(...[...values, rest].map(numberPart)).map((p) => p.join('.'));
  });

const group = (value: number) =>
  fc.record({ pad: fc.integer({ min: 0, max: 3 }), upper: fc.boolean() }).map(({ pad, upper }) => {
    const hex = hexCase(value.toString(16), upper);
    return hex.padStart(Math.min(4, hex.length + pad), '0');
  });

/** Eight IPv6 groups written out, with one run of zero groups (if any) compressed to :: or not. */
const ipv6Groups = (groups: number[]) =>
  fc.tuple(fc.tuple(...groups.map(group)), fc.boolean(), fc.nat(7), fc.nat(7)).map(([parts, compress, a, b]) => {
    if (!compress) return parts.join(':');
    const [from, to] = [Math.min(a, b), Math.max(a, b)];
    if (!groups.slice(from, to + 1).every((g) => g === 0)) return parts.join(':');
    return `${parts.slice(0, from).join(':')}::${parts.slice(to + 1).join(':')}`;
  });

/** ::ffff:127.0.0.1 with the tail dotted (IPv6 allows only dotted decimal there) or as two hex groups. */
const mappedLoopback = fc.oneof(
  ipv6Groups([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]),
  fc
    .tuple(fc.constantFrom('::ffff:', '::FFFF:', '0:0:0:0:0:ffff:', '0::ffff:', '0000:0000:0000:0000:0000:FfFf:'), fc.constantFrom('127.0.0.1', '0.0.0.0'))
    .map(([prefix, v4]) => `${prefix}${v4}`),
);

// IDNA maps these to ASCII before the host is parsed: full-width digits and letters, ideographic full stops.
const FULL_WIDTH: Record<string, string> = {
  '.': '。',
  ...Object.fromEntries([...'0123456789abcdefxlocahst'].map((c) => [c, String.fromCodePoint(c.codePointAt(0)! + 0xfee0)])),
};
const OTHER_DOTS = ['．', '｡', '。'];

/** Dresses a non-bracketed host: case, trailing dot, percent-encoding, full-width characters, a stray tab. */
const dressed = (host: string) =>
  fc
    .record({
      trailingDot: fc.boolean(),
      caseFlips: fc.array(fc.boolean(), { minLength: host.length, maxLength: host.length }),
      encode: fc.array(fc.constantFrom('none', 'percent', 'PERCENT', 'wide'), { minLength: host.length + 1, maxLength: host.length + 1 }),
      dot: fc.constantFrom(...OTHER_DOTS),
      tabAt: fc.option(fc.nat(host.length), { nil: undefined }),
    })
    .map(({ trailingDot, caseFlips, encode, dot, tabAt }) => {
      const chars = [...(trailingDot ? `${host}.` : host)];
      const out = chars.map((c, i) => {
        const ch = caseFlips[i] ? c.toUpperCase() : c;
        switch (encode[i]) {
          case 'percent':
            return `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
          case 'PERCENT':
            return `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
          case 'wide':
            return c === '.' ? dot : (FULL_WIDTH[c.toLowerCase()] ?? ch);
          default:
            return ch;
        }
      });
      if (tabAt !== undefined) out.splice(tabAt, 0, '\t'); // the URL parser strips tabs and newlines anywhere
      return out.join('');
    });

/** A host (as written in a URL) that designates the canary, with its family. */
export const canaryHost = (ctx: NotationContext): fc.Arbitrary<{ host: string; family: CanaryUrl['family'] }> => {
  const families: fc.Arbitrary<{ host: string; family: CanaryUrl['family'] }>[] = [
    ipv4Notation([127, 0, 0, 1])
      .chain(dressed)
      .map((host) => ({ host, family: 'ipv4' as const })),
    ipv4Notation([0, 0, 0, 0])
      .chain(dressed)
      .map((host) => ({ host, family: 'zero' as const })),
    mappedLoopback.map((h) => ({ host: `[${h}]`, family: 'mapped' as const })),
    fc
      .constantFrom(...ctx.loopbackNames)
      .chain(dressed)
      .map((host) => ({ host, family: 'name' as const })),
  ];
  if (ctx.hostMappedNames.length) {
    families.push(
      fc
        .constantFrom(...ctx.hostMappedNames)
        .chain(dressed)
        .map((host) => ({ host, family: 'host-map' as const })),
    );
  }
  if (ctx.ipv6) {
    families.push(
      fc.oneof(ipv6Groups([0, 0, 0, 0, 0, 0, 0, 1]), ipv6Groups([0, 0, 0, 0, 0, 0, 0, 0])).map((h) => ({ host: `[${h}]`, family: 'ipv6' as const })),
    );
  }
  return fc.oneof(...families);
};

/** A full URL to the canary: scheme, userinfo or authority confusion, port spelling, path. */
export const canaryUrl = (ctx: NotationContext): fc.Arbitrary<CanaryUrl> =>
  fc
    .record({
      host: canaryHost(ctx),
      scheme: fc.constantFrom('http', 'http', 'http', 'https', 'HTTP', 'hTTp'),
      userinfo: fc.constantFrom('', '', '', `${ctx.allowedHost}@`, 'user:pass@', `${ctx.allowedHost}:80@`, '@'),
      portPad: fc.nat(2),
      path: fc.constantFrom('/', '/latest/meta-data/', '/admin?x=1', '/%2e%2e/', ''),
      // Tricks where a parser that is not WHATWG's would see the allowed host; the URL parser sees the canary.
      confusion: fc.constantFrom('', '', '', `\\@${ctx.allowedHost}/`, `#@${ctx.allowedHost}`, `?@${ctx.allowedHost}`),
    })
    .map(({ host, scheme, userinfo, portPad, path, confusion }) => ({
      url: `${scheme}://${userinfo}${host.host}:${'0'.repeat(portPad)}${ctx.port}${confusion ? `${path || '/'}${confusion}` : path}`,
      family: host.family,
    }));

/** A host[:port] as a user would name a site (audit domain, how-to tool domain): no userinfo, no path. */
export const canarySite = (ctx: NotationContext): fc.Arbitrary<string> => canaryHost(ctx).map(({ host }) => `${host.replace(/\t/g, '')}:${ctx.port}`);
