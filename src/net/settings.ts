import { isIP } from 'node:net';
import { parseAllowEntry, parseHostLiteral } from './address-policy';
import type { HostMapEntry } from './guard';

// Parsers for the two environment values the outbound layer is configured from, so src/config.ts can read
// OUTBOUND_HOST_MAP / OUTBOUND_ALLOWLIST and fail start-up with a message naming the bad entry. Pure: no env reads.

/** "acme.test=127.0.0.1:8081,v6.test=[::1]:8082,plain.test=127.0.0.1" → Map. Throws on a malformed pair. */
export function parseHostMapSetting(value: string | undefined): Map<string, HostMapEntry> {
  const map = new Map<string, HostMapEntry>();
  for (const pair of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([^=\s]+)=(?:\[([^\]]+)\]|([^:\s]+))(?::(\d+))?$/.exec(pair);
    const name = m ? parseHostLiteral(m[1]) : null;
    const ip = m ? (m[2] ?? m[3]) : '';
    const port = m?.[4] === undefined ? undefined : Number(m[4]);
    if (!m || name?.kind !== 'name' || !isIP(ip) || (port !== undefined && (port < 1 || port > 65535))) {
      throw new Error(`not a name=ip:port pair: ${JSON.stringify(pair)}`);
    }
    map.set(name.name, port === undefined ? { ip } : { ip, port });
  }
  return map;
}

/** "fixture.test,127.0.0.0/8,::1" → entries. Throws on an entry that is neither a host, an IP nor a CIDR. */
export function parseAllowlistSetting(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!parseAllowEntry(entry)) throw new Error(`not a host, IP or CIDR: ${JSON.stringify(entry)}`);
  }
  return entries;
}
