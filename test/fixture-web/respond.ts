import type http from 'node:http';

export interface SiteContext {
  host: string;
  path: string;
  port: number;
}

export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse, ctx: SiteContext) => void | Promise<void>;

export const send = (res: http.ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
};
export const html = (res: http.ServerResponse, body: string, headers: Record<string, string> = {}) => send(res, 200, 'text/html; charset=utf-8', body, headers);
export const text = (res: http.ServerResponse, body: string, type = 'text/plain; charset=utf-8') => send(res, 200, type, body);
export const json = (res: http.ServerResponse, body: unknown, type = 'application/json') => send(res, 200, type, JSON.stringify(body));
export const notFound = (res: http.ServerResponse) => send(res, 404, 'text/plain', 'not found');
export const redirect = (res: http.ServerResponse, location: string) => {
  res.writeHead(302, { location });
  res.end();
};

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

/** Routes by path; anything else is 404. */
export function routes(table: Record<string, SiteHandler>): SiteHandler {
  return (req, res, ctx) => (table[ctx.path] ?? ((_q, r) => notFound(r)))(req, res, ctx);
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
