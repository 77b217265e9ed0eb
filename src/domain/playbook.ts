/**
 * The how-to playbook built from what was actually read: the resolved tools and the text of the sources
 * fetched for them. Extractive and deterministic: every step, gotcha and deprecation is a sentence, command
 * or notice found in a source, so nothing is cited that was not fetched.
 */

import { STACK_NAMES, type Stack, stackOfCode, stackOfCommand, stackOfFence, stackOfLabel, stackOfPath, stacksOfTask } from './stack';

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

const COMMAND =
  /(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\s+(?:-[a-zA-Z-]+\s+)*[@a-z0-9][\w@/.^~-]*|(?:pip3?|python3?\s+-m\s+pip|uv\s+pip|pipenv)\s+install\s+(?:-[\w-]+\s+)*[\w.[\],=<>~-]+|(?:poetry|uv)\s+add\s+[\w.[\],-]+|go\s+get\s+(?:-u\s+)?[\w./@-]+|gem\s+install\s+[\w-]+|bundle\s+add\s+[\w-]+|cargo\s+add\s+[\w-]+|brew\s+install\s+[\w/.-]+|composer\s+require\s+[\w/.-]+|dotnet\s+add\s+package\s+[\w.-]+|Install-Package\s+[\w.-]+|implementation\s*\(?\s*['"][\w.-]+:[\w.-]+(?::[\w.-]+)?['"]\s*\)?/;
/** A line that is an install command and nothing else (a shell prompt allowed). */
const INSTALL = new RegExp(`^\\s*(?:\\$\\s*)?(${COMMAND.source})\\s*$`);
/** An install command quoted inside prose: "Run `npm install acme` to add the SDK." */
const INLINE_INSTALL = new RegExp(`\`(?:\\$\\s*)?(${COMMAND.source})\\s*\``, 'g');
const DEPRECATION = /\b(deprecated|deprecation|sunset|end[- ]of[- ]life|no longer supported|legacy)\b/i;
const ACTION =
  /^(create|get|set|add|install|configure|call|send|sign up|register|generate|copy|import|initiali[sz]e|verify|use|make|run|connect|authenticate|store|enable|check|confirm|inspect|look|open|pass|export|replace)\b/i;
const FIRST_STEPS = /quick ?start|getting started|get started|first|introduction|overview|authentication|api key/i;
/** What the docs say a caller trips over, in the order a playbook lists it. */
const GOTCHA_TOPICS = [
  /\b(sandbox|test[- ]mode|test (?:api )?keys?|live (?:api )?keys?|live mode|production (?:api )?keys?|sk_test|sk_live|test environment)\b/i,
  /\brate[- ]limit|\brequests? (?:per|a|each) (?:second|minute|hour|day)\b|\b429\b|too many requests|\bquota\b|\bthrottl/i,
  /\bwebhooks?\b/i,
  /\b(warning|caution|important|never|must|do not|don't)\b|^note:/i,
];
const AUTH =
  /\b(api[ _-]?keys?|token|secret|credential|authenticat\w*|authoriz\w*|bearer|environment variable|env var)\b|\b[A-Z][A-Z0-9]*_(?:API_KEY|KEY|TOKEN|SECRET)\b/i;
const CHECK =
  /^(check|verify|confirm|inspect|look|open)\b.*\b(response|result|status|logs?|dashboard|delivered|activity|id|inbox)\b|\b(returns?|responds? with|the response)\b/i;
/** "Install the SDK": an install step with no command, which says nothing once a command is listed. */
const BARE_INSTALL = /^(install|add)\b.*\b(sdk|package|library|client|dependenc\w*|module|gem|crate)\b/i;
const ENV_VAR = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:API_KEY|KEY|TOKEN|SECRET(?:_KEY)?))\b/;
const FENCE_TAG: Record<Stack, string> = {
  node: 'js',
  python: 'python',
  go: 'go',
  ruby: 'ruby',
  java: 'java',
  php: 'php',
  dotnet: 'csharp',
  rust: 'rust',
  swift: 'swift',
};
const SNIPPET_LINES = 12;
const SNIPPET_CHARS = 600;

export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`])/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 12 && s.length <= 280);
}

/** Install commands on lines of their own (code blocks) or quoted in backticks inside a sentence. */
export function installCommands(text: string): string[] {
  return [...new Set(text.split('\n').flatMap(commandsInLine))];
}

function commandsInLine(line: string): string[] {
  const whole = line.replace(/^`|`$/g, '').match(INSTALL)?.[1];
  if (whole) return [whole.trim()];
  return [...line.matchAll(INLINE_INSTALL)].map((m) => m[1].trim());
}

/** One thing a docs page says, with the stack it belongs to (undefined: every stack). */
export interface DocItem {
  kind: 'install' | 'code' | 'sentence';
  text: string;
  stack?: Stack;
  /** The code fence's language tag, for code. */
  lang?: string;
}

/**
 * Reads a page into install commands, code snippets and sentences, each with its stack: a command's own
 * package manager, else the code fence's language or the snippet's syntax, else the heading of the section
 * it sits in, else the page's URL (`/docs/python`). Sentences naming one stack ("In Python, ...") take it.
 */
export function docItems(doc: Pick<SourceDoc, 'url' | 'text'>): DocItem[] {
  const page = stackOfPath(doc.url);
  const sections: Array<Stack | undefined> = [];
  const section = () => [...sections].reverse().find((s) => s) ?? page;
  const items: DocItem[] = [];
  let fence: { lang: string; lines: string[] } | undefined;

  for (const raw of doc.text.split('\n')) {
    const fenceMark = raw.match(/^\s*```\s*(.*)$/);
    if (fence) {
      if (!fenceMark) {
        fence.lines.push(raw);
        continue;
      }
      const fenceStack = stackOfFence(fence.lang) ?? stackOfLabel(fence.lang);
      const rest: string[] = [];
      for (const line of fence.lines) {
        const [cmd] = commandsInLine(line);
        if (cmd) items.push({ kind: 'install', text: cmd, stack: stackOfCommand(cmd) ?? fenceStack ?? section() });
        else rest.push(line);
      }
      const code = rest.join('\n').replace(/^\n+|\s+$/g, '');
      if (code.trim()) items.push({ kind: 'code', text: code, lang: fence.lang, stack: fenceStack ?? stackOfCode(code) ?? section() });
      fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = { lang: fenceMark[1].trim(), lines: [] };
      continue;
    }
    const heading = raw.match(/^(#{1,6})\s+(.*)$/);
    if (heading) {
      sections.length = heading[1].length - 1;
      sections[heading[1].length - 1] = stackOfLabel(heading[2]);
      continue;
    }
    const line = raw.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '');
    const cmds = commandsInLine(line);
    for (const cmd of cmds) items.push({ kind: 'install', text: cmd, stack: stackOfCommand(cmd) ?? section() });
    if (cmds.length) continue; // the sentence around a command says no more than the command
    if (/^\[[^\]]+\]\([^)]+\)/.test(line)) continue; // an index entry (llms.txt), not something the docs say
    for (const s of sentencesOf(line)) items.push({ kind: 'sentence', text: s, stack: stackOfLabel(s) ?? section() });
  }
  return items;
}

/** The package an install command installs, without version (`npm i -D @a/b@2` → `@a/b`), to find repeats. */
export function packageOfCommand(cmd: string): string {
  const args = cmd
    .replace(/^(?:\S+\s+-m\s+)?\S+\s+(?:pip\s+)?(?:install|add|i|get|require|package)\s+/, '')
    .split(/\s+/)
    .filter((a) => !a.startsWith('-'));
  const name = (args[0] ?? cmd).replace(/^['"(]+|['")]+$/g, '');
  return name
    .replace(/(.)@.*$/, '$1')
    .replace(/[=<>~[].*$/, '')
    .toLowerCase();
}

/** Builds the playbook; `sources` lists exactly the URLs the documents came from. */
export function buildPlaybook(input: {
  task: string;
  asOf: string;
  capabilities: string[];
  tools: ResolvedTool[];
  docs: SourceDoc[];
  packages: PackageNotice[];
}): Playbook {
  const { task, tools, docs } = input;
  const wanted = stacksOfTask(task);
  const topic = (s: string) => GOTCHA_TOPICS.findIndex((re) => re.test(s));
  const fits = (stack?: Stack) => !stack || !wanted.length || wanted.includes(stack);
  const lead = tools[0];
  const docsOf = (slug: string) => docs.filter((d) => d.tool === slug);
  const itemsOf = (d: SourceDoc) => docItems(d).filter((i) => fits(i.stack));
  const leadDocs = lead ? docsOf(lead.slug) : [];
  const leadItems = leadDocs.flatMap(itemsOf);

  const steps: string[] = [];
  if (lead) {
    // 1. Install: each package once per stack, whichever package manager the docs show it with first.
    const installs = new Map<string, string>();
    for (const i of leadItems.filter((i) => i.kind === 'install')) {
      const key = `${i.stack ?? ''}:${packageOfCommand(i.text)}`;
      if (!installs.has(key)) installs.set(key, i.text);
    }
    const installSteps = [...installs.values()].map((cmd) => `Install: \`${cmd}\``);

    // 2. Authenticate: the key, under the environment variable the docs read it from.
    // What the docs say about keys, limits and webhooks is listed once, as a gotcha, not again as a step.
    const sentences = unique(
      leadItems
        .filter((i) => i.kind === 'sentence' && ACTION.test(i.text) && !DEPRECATION.test(i.text) && !(topic(i.text) >= 0 && topic(i.text) <= 2))
        .map((i) => i.text),
    );
    const envVar = leadItems.map((i) => i.text.match(ENV_VAR)?.[1]).find((v) => v);
    const authSteps: string[] = [];
    if (leadDocs.some((d) => /api key|sign ?up|token/i.test(d.text)))
      authSteps.push(
        envVar
          ? `Sign up at ${lead.name} (${lead.domain}), create an API key and set it as the \`${envVar}\` environment variable (the name its docs use).`
          : `Sign up at ${lead.name} (${lead.domain}) and create an API key.`,
      );
    const isHook = (s: string) => /\bwebhooks?\b/i.test(s);
    const isCheck = (s: string) => CHECK.test(s) && !isHook(s);
    const isAuth = (s: string) => AUTH.test(s) && !isCheck(s) && !isHook(s);
    const shellAuth = leadItems.find((i) => i.kind === 'code' && /^\s*(?:export|set|\$env:)\s*[A-Z][A-Z0-9_]*\s*=/m.test(i.text) && ENV_VAR.test(i.text));
    if (shellAuth) authSteps.push(`Set the key in the shell: \`${shellAuth.text.trim().split('\n')[0]}\``);
    // "Set it as ACME_API_KEY" says no more than the step above, which names the variable.
    authSteps.push(...sentences.filter((s) => isAuth(s) && !(envVar && s.includes(envVar) && /^set\b/i.test(s))));

    // 3. First call: the quick-start links, one snippet per stack kept, then what the docs say to do.
    const callSteps = unique(
      leadDocs.flatMap((d) =>
        (d.links ?? []).filter((l) => FIRST_STEPS.test(l.title) && fits(stackOfLabel(l.title) ?? stackOfPath(l.url))).map((l) => `Read ${l.title}: ${l.url}`),
      ),
    ).slice(0, 2);
    const snippets = new Map<string, DocItem>();
    for (const i of leadItems.filter((i) => i.kind === 'code' && i !== shellAuth && i.stack))
      if (!snippets.has(i.stack as string)) snippets.set(i.stack as string, i);
    for (const [stack, i] of [...snippets].slice(0, 3)) {
      const tag = i.lang && stackOfFence(i.lang) ? i.lang : FENCE_TAG[stack as Stack];
      callSteps.push(`First call (${STACK_NAMES[stack as Stack]}):\n\`\`\`${tag}\n${clip(i.text)}\n\`\`\``);
    }
    if (!snippets.size) {
      // No snippet in the task's stack: a plain HTTP call (curl) works from any.
      const http = leadItems.find((i) => i.kind === 'code' && i !== shellAuth && !i.stack && /\bcurl\b|https?:\/\//.test(i.text));
      if (http) callSteps.push(`First call (HTTP):\n\`\`\`${http.lang || 'sh'}\n${clip(http.text)}\n\`\`\``);
    }
    callSteps.push(...sentences.filter((s) => !isAuth(s) && !isCheck(s) && !BARE_INSTALL.test(s)));
    const installSentences = installSteps.length ? [] : sentences.filter((s) => BARE_INSTALL.test(s) && !isAuth(s));

    // 4. Check the result.
    const checkSteps = sentences.filter(isCheck);

    // Then receiving events, once sending works.
    const hookSteps = callSteps.filter(isHook);
    const rest = [...authSteps, ...callSteps.filter((s) => !isHook(s)).slice(0, 6), ...checkSteps.slice(0, 2), ...hookSteps.slice(0, 2)];
    steps.push(...installSteps.slice(0, 9), ...installSentences.slice(0, 2), ...rest.slice(0, 8));
    if (steps.length === 0) steps.push(`Start from ${lead.name}'s documentation at https://${lead.domain}; none of its pages could be read for this playbook.`);
  }

  const gotchas = unique(
    docs
      .flatMap((d) =>
        itemsOf(d)
          .filter((i) => i.kind === 'sentence' && !DEPRECATION.test(i.text) && topic(i.text) >= 0)
          .map((i) => ({ text: `${toolName(tools, d.tool)}: ${i.text}`, topic: topic(i.text) })),
      )
      .sort((a, b) => a.topic - b.topic)
      .map((g) => g.text),
  ).slice(0, 6);
  const deprecated = unique([
    ...input.packages
      .filter((p) => p.deprecated && fits('node'))
      .map((p) => `${p.name} (${toolName(tools, p.tool)}): deprecated by its publisher: ${p.deprecated}`),
    ...docs.flatMap((d) =>
      itemsOf(d)
        .filter((i) => i.kind === 'sentence' && DEPRECATION.test(i.text))
        .map((i) => `${toolName(tools, d.tool)}: ${i.text}`),
    ),
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

function clip(code: string): string {
  const lines = code.split('\n');
  let out = lines.slice(0, SNIPPET_LINES).join('\n');
  if (out.length > SNIPPET_CHARS) out = out.slice(0, SNIPPET_CHARS);
  return out.length < code.length ? `${out.trimEnd()}\n…` : out;
}

function approachFor(capabilities: string[], tools: ResolvedTool[]): string {
  if (!capabilities.length)
    return 'The task did not map to any known capability; rephrase it with what the tool must do (for example "send transactional email").';
  if (!tools.length) return `No product in the registry covers ${capabilities.join(', ')} yet; resolve with discover: true looks further.`;
  const [lead, ...rest] = tools;
  const alternatives = rest.slice(0, 2).map((t) => t.name);
  return `Use ${lead.name} (${lead.domain}): it covers ${lead.matched.join(', ')} (${lead.matched.length} of ${capabilities.length} capabilities) with agent readiness ${lead.readiness}.${
    alternatives.length ? ` Alternatives: ${alternatives.join(', ')}.` : ''
  }`;
}

const toolName = (tools: ResolvedTool[], slug: string) => tools.find((t) => t.slug === slug)?.name ?? slug;
const unique = (xs: string[]) => [...new Set(xs)];
