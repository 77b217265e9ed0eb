import { chromium, type Browser } from 'playwright-core';

/**
 * Renders a page in the system Chromium (never a downloaded browser). Every request the page makes is
 * intercepted and performed by `guardedFetch` (the outbound layer, robots.txt included), so the browser
 * can reach nothing the crawler could not; WebSockets are refused outright, and the browser's own resolver
 * resolves nothing (IP literals included), so it cannot open a connection of its own.
 */
export function createRenderer(chromiumPath: string, guardedFetch: typeof fetch) {
  let browser: Promise<Browser> | undefined;
  const launch = () =>
    (browser ??= chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        // Every request is fulfilled through the guard, so the browser itself needs no network. Without this,
        // Chromium opens a TCP connection to a navigation's target (frame, location change) before the route
        // handler refuses it: a connect to any internal address and port (found by test/net/guard-fuzz).
        '--host-resolver-rules=MAP * ~NOTFOUND',
      ],
    }));

  return {
    async render(url: string, timeoutMs: number): Promise<string> {
      const context = await (await launch()).newContext({ serviceWorkers: 'block', javaScriptEnabled: true });
      try {
        await context.routeWebSocket(/.*/, (ws) => ws.close());
        await context.route('**/*', async (route) => {
          const req = route.request();
          if (!/^https?:/.test(req.url())) return route.abort('blockedbyclient');
          try {
            const res = await guardedFetch(req.url(), { method: req.method(), headers: await req.allHeaders(), body: req.postDataBuffer() ?? undefined });
            // The body arrives decoded: drop the headers that describe the encoded bytes.
            const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length'));
            await route.fulfill({ status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) });
          } catch {
            await route.abort('blockedbyclient');
          }
        });
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'networkidle', timeout: timeoutMs });
        return await page.content();
      } finally {
        await context.close();
      }
    },
    async close(): Promise<void> {
      if (browser) await (await browser).close();
      browser = undefined;
    },
  };
}

export type Renderer = ReturnType<typeof createRenderer>;
