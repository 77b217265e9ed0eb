import { promises as dnsPromises } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, isAllowlisted, parseHostLiteral } from './address-policy';
import { OutboundError } from './errors';

// The network guard: decides, at the moment a socket is about to connect, whether the address it would connect
// to may be reached. Names are resolved here (host map first, then DNS) and the addresses handed to the socket
// are exactly the ones checked, so a DNS answer that changes between a check and the connect (rebinding)
// cannot slip through.

export interface HostMapEntry {
  ip: string;
  /** Replaces the URL's port for http and https alike (fixture sites listen on one port). */
  port?: number;
}

export type Resolver = (hostname: string) => Promise<string[]>;

export interface GuardConfig {
  hostMap: ReadonlyMap<string, HostMapEntry>;
  allowlist: readonly string[];
  resolve: Resolver;
}

/** Where to open the socket for a URL: `host` is an IP for literals, the name otherwise (resolved by `lookup`). */
export interface ConnectTarget {
  host: string;
  port: number;
  /** For SNI and certificate checks; undefined for IP literals. */
  servername?: string;
  /** Key of the per-host politeness queue. */
  hostKey: string;
}

export const systemResolver: Resolver = async (hostname) => (await dnsPromises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export const normaliseName = (name: string) => name.toLowerCase().replace(/\.$/, '');

export function createGuard(config: GuardConfig) {
  /** Throws BLOCKED_ADDRESS unless `ip` is public or the operator allowlisted the host name or the address. */
  function permit(hostname: string, ip: string, url: string): void {
    const verdict = classifyAddress(ip);
    if (verdict === 'public' || isAllowlisted(hostname, config.allowlist) || isAllowlisted(ip, config.allowlist)) return;
    throw new OutboundError('BLOCKED_ADDRESS', `${hostname} resolves to ${ip} (${verdict}), which outbound requests may not reach`, url);
  }

  /** All addresses a name would connect to, each already permitted. Any refused address refuses the name:
   *  a mixed answer is how rebinding attacks start. */
  async function resolveChecked(hostname: string, url: string): Promise<string[]> {
    const name = normaliseName(hostname);
    const mapped = config.hostMap.get(name);
    let ips: string[];
    if (mapped) ips = [mapped.ip];
    else {
      try {
        ips = await config.resolve(name);
      } catch (err) {
        throw new OutboundError('NETWORK', `cannot resolve ${name}: ${(err as Error).message}`, url, { connectFailed: true, cause: err });
      }
    }
    if (ips.length === 0) throw new OutboundError('NETWORK', `${name} has no addresses`, url, { connectFailed: true });
    for (const ip of ips) {
      if (!isIP(ip)) throw new OutboundError('NETWORK', `resolver returned a non-address for ${name}`, url, { connectFailed: true });
      permit(name, ip, url);
    }
    return ips;
  }

  /** Checks what can be checked before any socket exists: scheme and IP literals (sockets skip `lookup` for
   *  those). Names are checked by `lookup` when the socket connects. */
  function target(url: URL): ConnectTarget {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundError('BAD_URL', `only http and https URLs can be fetched, not ${url.protocol}`, url.href);
    }
    const host = parseHostLiteral(url.hostname);
    const defaultPort = url.protocol === 'https:' ? 443 : 80;
    const urlPort = url.port ? Number(url.port) : defaultPort;
    if (host.kind === 'invalid') throw new OutboundError('BAD_URL', `invalid host ${url.hostname}: ${host.reason}`, url.href);
    if (host.kind !== 'name') {
      permit(host.ip, host.ip, url.href);
      return { host: host.ip, port: urlPort, hostKey: host.ip };
    }
    const mapped = config.hostMap.get(host.name);
    return { host: host.name, port: mapped?.port ?? urlPort, servername: host.name, hostKey: host.name };
  }

  /** net/tls `lookup` hook: resolves through the guard and hands the socket only permitted addresses. */
  const lookup: LookupFunction = (hostname, options, callback) => {
    const url = `//${hostname}`;
    resolveChecked(hostname, url).then(
      (ips) => {
        const want = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
        const addresses = ips.map((address) => ({ address, family: isIP(address) })).filter((a) => !want || a.family === want);
        if (addresses.length === 0) {
          callback(new OutboundError('NETWORK', `${hostname} has no IPv${want} address`, url, { connectFailed: true }), '', 0);
        } else if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: OutboundError) => callback(err, '', 0),
    );
  };

  return { permit, resolveChecked, target, lookup };
}

export type Guard = ReturnType<typeof createGuard>;
