import { docText } from '../domain/doc-text';
import { installCommands, type PackageNotice, type ResolvedTool, type SourceDoc } from '../domain/playbook';
import { type Stack, stackOfLabel, stackOfPath, stacksOfTask } from '../domain/stack';
import type { Outbound, OutboundResponse } from '../net';

export interface HowToSourceSettings {
  /** npm-compatible registry (`GET /{name}` → packument) for deprecation notices; none when unset. */
  packageRegistryUrl?: string;
}

const FETCH = { timeoutMs: 8_000, maxBytes: 1024 * 1024, robots: true };
const DOC_LINKS = 2;
const PREFERRED = /quick ?start|getting started|get started|install|authentication|overview|guide/i;

/**
 * Reads what a playbook may cite, for each tool: its llms.txt and the docs pages it points to first (else
 * its homepage and /docs), through the guarded crawler with robots.txt honoured. Of the pages llms.txt links,
 * those for the task's own stack come first (a Node task reads the Node quick start, not the Python one);
 * with no stack named, the pages for no particular language do. Then, when a package
 * registry is configured, the packages its docs tell you to install, for deprecation notices. Pages that
 * fail are left out: only what was fetched is returned, so only that can be cited.
 */
export async function gatherHowToSources(
  outbound: Outbound,
  settings: HowToSourceSettings,
  tools: ResolvedTool[],
  task = '',
): Promise<{ docs: SourceDoc[]; packages: PackageNotice[]; failed: number }> {
  const wanted = stacksOfTask(task);
  let failed = 0;
  const get = async (fetcher: () => Promise<OutboundResponse>): Promise<OutboundResponse | undefined> => {
    try {
      const res = await fetcher();
      if (res.status === 200) return res;
    } catch {
      // unreachable, blocked by the guard or robots.txt: not a source
    }
    failed++;
    return undefined;
  };

  const perTool = await Promise.all(
    tools.map(async (tool): Promise<SourceDoc[]> => {
      const docs: SourceDoc[] = [];
      const llms = await get(() => outbound.fetchSite(tool.domain, '/llms.txt', FETCH));
      const llmsText = llms && !/html/i.test(llms.headers['content-type'] ?? '') ? llms.text() : undefined;
      let pages: string[];
      if (llms && llmsText) {
        const links = markdownLinks(llmsText, llms.url);
        docs.push({ url: llms.url, tool: tool.slug, kind: 'llms-txt', text: llmsText, links });
        const sameSite = links.filter((l) => sameDomain(l.url, tool.domain));
        pages = [...sameSite].sort((a, b) => linkRank(a, wanted) - linkRank(b, wanted)).map((l) => l.url);
      } else {
        pages = ['/', '/docs'];
      }
      for (const page of [...new Set(pages)].slice(0, DOC_LINKS)) {
        const res = await get(() => (page.startsWith('/') ? outbound.fetchSite(tool.domain, page, FETCH) : outbound.fetch(page, FETCH)));
        if (res)
          docs.push({ url: res.url, tool: tool.slug, kind: page === '/' ? 'homepage' : 'docs', text: docText(res.text(), res.headers['content-type'] ?? '') });
      }
      return docs;
    }),
  );
  const docs = perTool.flat();

  const packages: PackageNotice[] = [];
  const registry = settings.packageRegistryUrl?.replace(/\/+$/, '');
  if (registry) {
    const wanted = new Map<string, string>();
    for (const d of docs)
      for (const cmd of installCommands(d.text)) {
        const name = npmPackageOf(cmd);
        if (name && !wanted.has(name)) wanted.set(name, d.tool);
      }
    for (const [name, tool] of [...wanted].slice(0, 6)) {
      const url = `${registry}/${name.replace('/', '%2f')}`;
      const res = await get(() => outbound.fetch(url, { ...FETCH, robots: false, headers: { accept: 'application/json' } }));
      if (res) packages.push({ name, tool, url, deprecated: latestDeprecation(res.json()) });
    }
  }
  return { docs, packages, failed };
}

/**
 * Reading order of a linked page (lower first, stable sort keeps llms.txt order within a rank): the task's
 * stack (quick start first), then pages for no particular stack, then other stacks' pages.
 */
function linkRank(link: { url: string; title: string }, wanted: Stack[]): number {
  const stack = stackOfLabel(link.title) ?? stackOfPath(link.url);
  const preferred = PREFERRED.test(link.title) ? 0 : 1;
  const fit = !stack ? (wanted.length ? 2 : 0) : wanted.includes(stack) ? 0 : 4;
  return fit + preferred;
}

function markdownLinks(text: string, base: string): Array<{ url: string; title: string }> {
  const out: Array<{ url: string; title: string }> = [];
  for (const m of text.matchAll(/\[([^\]]{1,200})\]\(([^)\s]+)\)/g)) {
    try {
      out.push({ title: m[1], url: new URL(m[2], base).href });
    } catch {
      // not a URL
    }
  }
  return out;
}

function sameDomain(url: string, domain: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}

/** The package an npm-family install command names (`npm install -D @scope/pkg` → `@scope/pkg`). */
export function npmPackageOf(cmd: string): string | undefined {
  const m = cmd.match(/^(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\s+(?:-[a-zA-Z-]+\s+)*((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)/);
  return m?.[1];
}

/** The deprecation message of a packument's latest version, if any. */
function latestDeprecation(packument: unknown): string | undefined {
  const p = packument as { 'dist-tags'?: { latest?: string }; versions?: Record<string, { deprecated?: unknown }> };
  const latest = p?.['dist-tags']?.latest;
  const message = latest ? p.versions?.[latest]?.deprecated : undefined;
  return typeof message === 'string' && message ? message : undefined;
}
