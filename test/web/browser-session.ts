/**
 * A minimal browser for HTTP-level page tests: keeps cookies, does not follow redirects (tests assert
 * them), and reads the CSRF token a page's form carries.
 */
export class PageClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { method: 'GET', headers: { accept: 'text/html', ...headers } });
  }

  /** Posts a form as a browser would (urlencoded, with our Origin). */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: this.baseUrl, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** GET a page and return its HTML and the CSRF token of its first form. */
  async form(path: string): Promise<{ html: string; csrf: string }> {
    const res = await this.get(path);
    const html = await res.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    if (!csrf) throw new Error(`no CSRF token on ${path} (status ${res.status})`);
    return { html, csrf };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}
