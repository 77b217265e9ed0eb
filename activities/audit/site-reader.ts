import type { Gathered } from '../../src/domain/audit/artifacts';
import { OutboundError, type FetchInit, type Outbound, type OutboundResponse } from '../../src/net';

/**
 * One audit's view of one site: every fetch goes through the outbound guard, shares the audit's overall
 * deadline, and turns failures into artifact errors rather than exceptions.
 */
export class SiteReader {
  private origin: string | undefined;

  constructor(
    private readonly outbound: Outbound,
    readonly domain: string,
    private readonly deadline: number,
    private readonly requestTimeoutMs: number,
  ) {}

  /** The origin that answered the homepage (https, or http after the fallback). */
  get base(): string {
    return this.origin ?? `https://${this.domain}`;
  }

  url(path: string): string {
    return new URL(path, `${this.base}/`).toString();
  }

  async home(init: FetchInit = {}): Promise<OutboundResponse> {
    const res = await this.outbound.fetchSite(this.domain, '/', this.bounded(init));
    this.origin = new URL(res.url).origin;
    return res;
  }

  /**
   * A path on the site (through fetchSite, which knows whether the host answers https or only http, even
   * when the homepage itself failed), or an absolute URL (links found on it, server-card endpoints).
   */
  get(pathOrUrl: string, init: FetchInit = {}): Promise<OutboundResponse> {
    if (/^https?:\/\//.test(pathOrUrl)) return this.outbound.fetch(pathOrUrl, this.bounded(init));
    return this.outbound.fetchSite(this.domain, pathOrUrl, this.bounded(init));
  }

  remainingMs(): number {
    return this.deadline - Date.now();
  }

  private bounded(init: FetchInit): FetchInit {
    const left = this.remainingMs();
    if (left <= 0) throw new OutboundError('TIMEOUT', 'the audit ran out of time', this.domain);
    return { ...init, timeoutMs: Math.min(init.timeoutMs ?? this.requestTimeoutMs, left) };
  }
}

/** Run a gatherer, turning any failure into an errored artifact with a readable reason. */
export async function gathered<T>(work: () => Promise<T>): Promise<Gathered<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, error: describeFailure(err) };
  }
}

export function describeFailure(err: unknown): string {
  if (err instanceof OutboundError) {
    const what: Record<OutboundError['code'], string> = {
      BAD_URL: 'bad URL',
      BLOCKED_ADDRESS: 'blocked: points at a non-public address',
      TOO_LARGE: 'response too large',
      TIMEOUT: 'timed out',
      TOO_MANY_REDIRECTS: 'too many redirects',
      ROBOTS_DISALLOWED: 'disallowed by robots.txt',
      NETWORK: 'network error',
    };
    return `${what[err.code]} (${err.url})`;
  }
  return err instanceof Error ? err.message : String(err);
}

export const isOk = (res: OutboundResponse) => res.status >= 200 && res.status < 300;
