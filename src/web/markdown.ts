import { NOT_AUDITED_SENTENCE } from '../schemas/registry';
import type { ProductPage } from '../services/web-pages';
import type { RegistryRow } from '../store/product-rows';
import type { CategoryRow } from '../store/products';

// The same pages for agents that ask for markdown (Accept: text/markdown): the facts, none of the chrome.

/** Markdown text from data: characters that would start markup are escaped. */
const md = (s: string) => s.replace(/([\\`*_[\]<>#|])/g, '\\$1');

export function homeMarkdown(base: string, top: RegistryRow[], categories: CategoryRow[]): string {
  return [
    '# Agentdex',
    '',
    'The registry AI agents ask first about third-party software: which tools fit a task, how agent-ready each is, how to use them and what they cost.',
    '',
    `API: ${base}/openapi.json · llms.txt: ${base}/llms.txt · MCP: ${base}/mcp`,
    '',
    '## Most agent-ready products',
    '',
    ...top.map((r) => `- [${md(r.name)}](${base}/products/${r.slug}) (${md(r.domain)}): ${r.readiness}/100`),
    '',
    '## Categories',
    '',
    ...categories.map((c) => `- [${md(c.name)}](${base}/categories/${c.slug}) (${c.productCount}): ${md(c.description)}`),
    '',
  ].join('\n');
}

export function productMarkdown(base: string, p: ProductPage): string {
  const s = p.scores;
  return [
    `# ${md(p.name)}`,
    '',
    md(p.description),
    '',
    `- Domain: ${md(p.domain)}`,
    `- Categories: ${p.categories.join(', ')}`,
    `- Readiness: ${s.readiness}/100 (discovery ${s.discovery}, understanding ${s.understanding}, adoption ${s.adoption}, operability ${s.operability})`,
    `- Scores from: ${p.freshness.source === 'seed' ? 'public data (provisional)' : 'an audit'}, ${p.freshness.asOf.slice(0, 10)}`,
    `- Claimed by its vendor: ${p.claimed ? 'yes' : 'no'}`,
    `- Signals: MCP ${p.signals.mcpAvailable ? 'yes' : 'no'}, CLI ${p.signals.cliAvailable ? 'yes' : 'no'}, llms.txt ${p.signals.llmsTxt ? 'yes' : 'no'}, OpenAPI ${p.signals.openapi ? 'yes' : 'no'}, SDKs ${p.signals.sdkLanguages.join(', ') || 'none found'}`,
    '',
    '## What to fix',
    '',
    ...(!p.audited
      ? [NOT_AUDITED_SENTENCE]
      : p.failing.length
        ? p.failing.map((c) => `- ${md(c.title)} (${c.subScore}): ${md(c.fix ?? c.detail)}`)
        : p.issues.length
          ? p.issues.map((i) => `- ${md(i)}`)
          : ['No failing checks.']),
    '',
    '## History',
    '',
    ...(p.history.length ? p.history.map((h) => `- ${h.at.slice(0, 10)}: ${h.readiness}`) : ['No audits yet.']),
    '',
    `Badge: ![Agent readiness](${base}/badge/${p.slug}.svg) · JSON: ${base}/v1/profile/${p.slug}`,
    '',
  ].join('\n');
}
