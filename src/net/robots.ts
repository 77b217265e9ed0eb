import robotsParser from 'robots-parser';
import { type Clock, systemClock } from '../runtime/clock';
import { OutboundError } from './errors';

// RFC 9309 robots.txt handling, cached per origin. The fetch itself is injected (it goes through the same guard,
// queue and caps as everything else); this module only turns its outcome into a verdict:
//   2xx → obey the rules; 4xx (and too many redirects, "unavailable") → allow all;
//   5xx, timeout or an error after connecting → disallow all.
// An origin that cannot be connected to at all (refused, TLS failure, blocked address) rethrows that error
// instead, so callers learn the site is unreachable or forbidden rather than "disallowed".

export const ROBOTS_MAX_BYTES = 500 * 1024;
const RULES_TTL_MS = 24 * 60 * 60 * 1000; // RFC 9309 §2.4: do not use a cached copy for more than 24 hours
const FAILURE_TTL_MS = 5 * 60 * 1000; // a 5xx/broken robots.txt is retried sooner

export interface RobotsFetchResult {
  status: number;
  body: Buffer;
}

type Verdict =
  | { kind: 'rules'; isAllowed: (url: string) => boolean }
  | { kind: 'allow-all' }
  | { kind: 'disallow-all'; why: string }
  | { kind: 'unreachable'; error: OutboundError };

interface Entry {
  verdict: Promise<Verdict>;
  expires: number;
}

/** The product token robots.txt groups are matched against: "AgentdexBot" for "AgentdexBot/0.1 (+url)". */
export function robotsToken(userAgent: string): string {
  return /^[A-Za-z_-]+/.exec(userAgent)?.[0] ?? userAgent;
}

export function createRobotsCache(fetchRobots: (robotsUrl: string) => Promise<RobotsFetchResult>, userAgent: string, clock: Clock = systemClock) {
  const token = robotsToken(userAgent);
  const cache = new Map<string, Entry>();

  async function load(robotsUrl: string): Promise<Verdict> {
    try {
      const res = await fetchRobots(robotsUrl);
      if (res.status >= 200 && res.status < 300) {
        const robots = robotsParser(robotsUrl, res.body.toString('utf8'));
        // robots-parser answers undefined for URLs of another origin; the cache key guarantees the same origin.
        return { kind: 'rules', isAllowed: (url) => robots.isAllowed(url, token) !== false };
      }
      if (res.status >= 400 && res.status < 500) return { kind: 'allow-all' };
      if (res.status >= 500) return { kind: 'disallow-all', why: `robots.txt answered ${res.status}` };
      return { kind: 'allow-all' }; // 3xx without Location and other oddities: treated as unavailable
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.code === 'TOO_MANY_REDIRECTS') return { kind: 'allow-all' };
      // The origin itself cannot be reached or may not be reached: report that, not a robots verdict.
      if (err.connectFailed || (err.code === 'BLOCKED_ADDRESS' && sameOrigin(err.url, robotsUrl))) return { kind: 'unreachable', error: err };
      return { kind: 'disallow-all', why: `robots.txt could not be read (${err.code})` };
    }
  }

  function verdictFor(origin: string): Promise<Verdict> {
    const now = clock.now();
    const cached = cache.get(origin);
    if (cached && cached.expires > now) return cached.verdict;
    const entry: Entry = { verdict: load(`${origin}/robots.txt`), expires: Number.POSITIVE_INFINITY };
    cache.set(origin, entry);
    void entry.verdict.then((v) => {
      // An unreachable origin is not remembered (only shared by concurrent waiters): the next request simply
      // tries again, as it would without robots.txt.
      const ttl = v.kind === 'unreachable' ? 0 : v.kind === 'disallow-all' ? FAILURE_TTL_MS : RULES_TTL_MS;
      entry.expires = clock.now() + ttl;
    });
    return entry.verdict;
  }

  /** Resolves when robots.txt lets us fetch `url`; throws ROBOTS_DISALLOWED (or the origin's connect error). */
  async function check(url: URL): Promise<void> {
    const verdict = await verdictFor(url.origin);
    if (verdict.kind === 'allow-all') return;
    if (verdict.kind === 'rules' && verdict.isAllowed(url.href)) return;
    if (verdict.kind === 'unreachable') {
      const e = verdict.error;
      throw new OutboundError(e.code, e.message, url.href, { connectFailed: e.connectFailed, cause: e });
    }
    const why = verdict.kind === 'disallow-all' ? verdict.why : `robots.txt disallows it for ${token}`;
    throw new OutboundError('ROBOTS_DISALLOWED', `${url.href} not fetched: ${why}`, url.href);
  }

  return { check };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
