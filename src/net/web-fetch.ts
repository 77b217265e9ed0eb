import { OutboundError } from './errors';
import type { ExchangeResult } from './exchange';

// A WHATWG fetch built on the guarded outbound layer, for code that expects `fetch` (the MCP SDK's client
// transports, Playwright request interception). The body is read in full under the same byte cap and deadline
// and then handed back as a real Response, except an event stream when the caller asked for streams: that body
// is handed over as it arrives, and the cap and deadline end it.

export interface WebRunInit {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  followRedirects: boolean;
  signal?: AbortSignal;
}

export interface WebRunResult {
  url: string;
  redirected: boolean;
  result: ExchangeResult;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

export function createWebFetch(run: (url: string, init: WebRunInit) => Promise<WebRunResult>): typeof globalThis.fetch {
  return async function webFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    // The Request constructor applies fetch's own rules for merging input and init (headers replace, method
    // normalisation, GET/HEAD without body, credentials in URLs refused).
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const { url, redirected, result } = await run(request.url, {
      method: request.method,
      headers,
      body,
      followRedirects: request.redirect === 'follow',
      signal: request.signal,
    });
    if (request.redirect === 'error' && REDIRECT_STATUS.has(result.status)) {
      throw new TypeError(`fetch to ${url} was redirected and redirect mode is "error"`);
    }
    if (result.status < 200 || result.status > 599) {
      throw new OutboundError('NETWORK', `${url} answered with unusable status ${result.status}`, url);
    }
    const nullBody = NULL_BODY_STATUS.has(result.status) || request.method === 'HEAD';
    const response = new Response(nullBody ? null : (result.stream ?? result.body), {
      status: result.status,
      statusText: result.statusText,
      headers: result.rawHeaders,
    });
    // Constructed Responses have url "" and redirected false; callers (and the MCP SDK) read the real ones.
    Object.defineProperty(response, 'url', { value: url });
    Object.defineProperty(response, 'redirected', { value: redirected });
    return response;
  };
}
