// The one error type the outbound layer throws, so callers can map failures to API answers by `code`
// (e.g. BAD_URL/BLOCKED_ADDRESS → 400) without parsing messages.

export type OutboundErrorCode = 'BAD_URL' | 'BLOCKED_ADDRESS' | 'TOO_LARGE' | 'TIMEOUT' | 'TOO_MANY_REDIRECTS' | 'ROBOTS_DISALLOWED' | 'NETWORK';

export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  readonly code: OutboundErrorCode;
  /** The URL (or host) the failure is about: for a redirect hop, the hop, not the URL first asked for. */
  readonly url: string;
  /**
   * True when no HTTP response was read because the TCP connection or TLS handshake failed. fetchSite uses it to
   * decide that a host has no working https and plain http is worth trying.
   */
  readonly connectFailed: boolean;

  constructor(code: OutboundErrorCode, message: string, url: string, opts: { connectFailed?: boolean; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    this.url = url;
    this.connectFailed = opts.connectFailed ?? false;
  }
}
