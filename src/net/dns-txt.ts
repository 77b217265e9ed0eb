import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface TxtLookupOptions {
  /** `ip` or `ip:port` resolvers (DNS_SERVERS); the system's when empty. */
  servers?: readonly string[];
  /** Per-try timeout. */
  timeoutMs?: number;
  tries?: number;
}

/** The name does not exist, or has no TXT records: an answer, not a failure. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * TXT records at `name` through Node's resolver (c-ares: real DNS queries, not getaddrinfo), each record as
 * its list of character-strings, unjoined (joining is the caller's rule, RFC 7208 §3.3). No records or no
 * such name is `[]`; anything else (timeout, SERVFAIL, refused) is thrown with its code.
 */
export async function resolveTxt(name: string, o: TxtLookupOptions = {}): Promise<string[][]> {
  const resolver = new Resolver({ timeout: o.timeoutMs ?? 2_000, tries: o.tries ?? 2 });
  if (o.servers?.length) resolver.setServers([...o.servers]);
  try {
    return await resolver.resolveTxt(name);
  } catch (err) {
    if (NO_RECORDS.has((err as NodeJS.ErrnoException).code ?? '')) return [];
    throw err;
  } finally {
    resolver.cancel();
  }
}

/**
 * DNS_SERVERS: "192.0.2.53,127.0.0.1:5353,[2001:db8::53]:53" → the forms Resolver.setServers takes.
 * Throws on an entry that is not an IP address with an optional port. Pure: no env reads.
 */
export function parseDnsServersSetting(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    // A bare IPv6 address has colons of its own: it is taken whole, on the default port.
    if (isIP(entry) === 6) return entry;
    const m = /^(?:\[([^\]]+)\]|([^:[\]\s]+))(?::(\d+))?$/.exec(entry);
    const ip = m ? (m[1] ?? m[2]) : '';
    const port = m?.[3] === undefined ? undefined : Number(m[3]);
    if (!m || !isIP(ip) || (port !== undefined && (port < 1 || port > 65535))) {
      throw new Error(`not an ip or ip:port resolver address: ${JSON.stringify(entry)}`);
    }
    if (port === undefined) return ip;
    return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
  });
}
