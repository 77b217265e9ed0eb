/**
 * The how-to playbook built from what was actually read: the resolved tools and the text of the sources
 * fetched for them. Extractive and deterministic: every step, gotcha and deprecation is a sentence, command
 * or notice found in a source, so nothing is cited that was not fetched.
 */

export interface ResolvedTool {
  slug: string;
  name: string;
  domain: string;
  readiness: number;
  matched: string[];
  capScore: number;
  reason: string;
}

export interface SourceDoc {
  url: string;
  /** Which tool the source belongs to (its slug). */
  tool: string;
  kind: 'llms-txt' | 'docs' | 'homepage' | 'package';
  /** Plain text (HTML already reduced to text, code blocks kept one per line). */
  text: string;
  /** Links found in the source, absolute. */
  links?: Array<{ url: string; title: string }>;
}

export interface PackageNotice {
  name: string;
  tool: string;
  /** The registry's deprecation message, when the latest version is deprecated. */
  deprecated?: string;
  url: string;
}

export interface Playbook {
  task: string;
  asOf: string;
  approach: string;
  steps: string[];
  gotchas: string[];
  deprecated: string[];
  recommendedTools: Array<ResolvedTool & { why: string }>;
  sources: string[];
}

const INSTALL = /^\s*(?:\$\s*)?((?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\s+(?:-[a-zA-Z-]+\s+)*[@a-z0-9][\w@/.-]*|pip3?\s+install\s+[\w.-]+|go\s+get\s+[\w./-]+|gem\s+install\s+[\w-]+|cargo\s+add\s+[\w-]+|brew\s+install\s+[\w/.-]+|composer\s+require\s+[\w/.-]+)\s*$/;
const GOTCHA = /\b(rate[- ]limit\w*|must|never|do not|don't|important|warning|note:|caution|only|quota|expires?|required)\b/i;
const DEPRECATION = /\b(deprecated|deprecation|sunset|end[- ]of[- ]life|no longer supported|legacy)\b/i;
const ACTION = /^(create|get|set|add|install|configure|call|send|sign up|register|generate|copy|import|initiali[sz]e|verify|use|make|run|connect|authenticate|store|enable)\b/i;
const FIRST_STEPS = /quick ?start|getting started|get started|first|introduction|overview|authentication|api key/i;

export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`])/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 12 && s.length <= 280);
}

export function installCommands(text: string): string[] {
  return [...new Set(text.split('\n').flatMap((line) => line.match(INSTALL)?.[1]?.trim() ?? []))];
}

/** Builds the playbook; `sources` lists exactly the URLs the documents came from. */
export function buildPlaybook(input: { task: string; asOf: string; capabilities: string[]; tools: ResolvedTool[]; docs: SourceDoc[]; packages: PackageNotice[] }): Playbook {
  const { task, tools, docs } = input;
  const lead = tools[0];
  const docsOf = (slug: string) => docs.filter((d) => d.tool === slug);
  const leadDocs = lead ? docsOf(lead.slug) : [];

  const steps: string[] = [];
  if (lead) {
    const signup = leadDocs.some((d) => /api key|sign ?up|token/i.test(d.text));
    if (signup) steps.push(`Sign up at ${lead.name} (${lead.domain}) and create an API key.`);
    for (const cmd of unique(leadDocs.flatMap((d) => installCommands(d.text))).slice(0, 3)) steps.push(`Install: \`${cmd}\``);
    for (const link of unique(leadDocs.flatMap((d) => (d.links ?? []).filter((l) => FIRST_STEPS.test(l.title)).map((l) => `${l.title}: ${l.url}`))).slice(0, 2)) {
      steps.push(`Read ${link}`);
    }
    for (const s of unique(leadDocs.flatMap((d) => sentencesOf(d.text)).filter((s) => ACTION.test(s) && !INSTALL.test(s)))) {
      if (steps.length >= 8) break;
      if (!steps.some((x) => x.includes(s))) steps.push(s);
    }
    if (steps.length === 0) steps.push(`Start from ${lead.name}'s documentation at https://${lead.domain}; none of its pages could be read for this playbook.`);
  }

  const gotchas = unique(docs.flatMap((d) => sentencesOf(d.text).filter((s) => GOTCHA.test(s) && !DEPRECATION.test(s) && !INSTALL.test(s)).map((s) => `${toolName(tools, d.tool)}: ${s}`))).slice(0, 6);
  const deprecated = unique([
    ...input.packages.filter((p) => p.deprecated).map((p) => `${p.name} (${toolName(tools, p.tool)}): deprecated by its publisher: ${p.deprecated}`),
    ...docs.flatMap((d) => sentencesOf(d.text).filter((s) => DEPRECATION.test(s)).map((s) => `${toolName(tools, d.tool)}: ${s}`)),
  ]).slice(0, 6);

  const recommendedTools = tools.map((t) => {
    const read = docsOf(t.slug).length;
    return { ...t, why: `${t.reason}${read ? ` ${read} of its pages were read for this playbook.` : ''}` };
  });

  return {
    task,
    asOf: input.asOf,
    approach: approachFor(input.capabilities, tools),
    steps,
    gotchas,
    deprecated,
    recommendedTools,
    sources: unique([...docs.map((d) => d.url), ...input.packages.map((p) => p.url)]),
  };
}

function approachFor(capabilities: string[], tools: ResolvedTool[]): string {
  if (!capabilities.length) return 'The task did not map to any known capability; rephrase it with what the tool must do (for example "send transactional email").';
  if (!tools.length) return `No product in the registry covers ${capabilities.join(', ')} yet; resolve with discover: true looks further.`;
  const [lead, ...rest] = tools;
  const alternatives = rest.slice(0, 2).map((t) => t.name);
  return `Use ${lead.name} (${lead.domain}): it covers ${lead.matched.join(', ')} (${lead.matched.length} of ${capabilities.length} capabilities) with agent readiness ${lead.readiness}.${
    alternatives.length ? ` Alternatives: ${alternatives.join(', ')}.` : ''
  }`;
}

const toolName = (tools: ResolvedTool[], slug: string) => tools.find((t) => t.slug === slug)?.name ?? slug;
const unique = (xs: string[]) => [...new Set(xs)];
