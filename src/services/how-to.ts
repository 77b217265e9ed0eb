import { z } from 'zod';
import { stems } from '../domain/capabilities';
import { STACK_NAMES, stacksOfTask } from '../domain/stack';
import { buildPlaybook, type PackageNotice, type Playbook, type ResolvedTool, type SourceDoc } from '../domain/playbook';
import type { Db } from '../store/db';
import { readCached, writeCached } from '../store/research-cache';
import type { LanguageModel } from './llm';

export const HOW_TO_TTL_SECONDS = 30 * 24 * 3600;

/**
 * The cache key of a task: its stems in order, so "Sending emails" and "send email" share a playbook, and the
 * stacks it names, which stemming can lose ("in Go" is a stop word, "C#" becomes "c") while the playbook
 * depends on them.
 */
export function howToCacheKey(task: string): string {
  const stacks = stacksOfTask(task);
  return `${stems(task).join(' ') || task.trim().toLowerCase()}${stacks.length ? ` [${stacks.join(' ')}]` : ''}`;
}

export async function cachedPlaybook(db: Db, task: string, now = new Date()): Promise<Playbook | undefined> {
  const hit = await readCached(db, 'how-to', howToCacheKey(task), now);
  return hit ? { ...(hit as Playbook), task } : undefined;
}

export async function cachePlaybook(db: Db, playbook: Playbook): Promise<void> {
  await writeCached(db, { kind: 'how-to', key: howToCacheKey(playbook.task), payload: playbook, sources: playbook.sources, ttlSeconds: HOW_TO_TTL_SECONDS });
}

export interface PlaybookInput {
  task: string;
  asOf: string;
  capabilities: string[];
  tools: ResolvedTool[];
  docs: SourceDoc[];
  packages: PackageNotice[];
}

const LlmPlaybookSchema = z.object({
  approach: z.string().min(1).max(2000),
  steps: z.array(z.string().min(1).max(500)).min(1).max(15),
  gotchas: z.array(z.string().min(1).max(500)).max(10),
  deprecated: z.array(z.string().min(1).max(500)).max(10),
  sources: z.array(z.string()).max(30),
});

const EXCERPT = 1500;

/**
 * The playbook: extractive (deterministic) by default; with a language model configured, its wording, but
 * only if what it returns validates, and with its sources cut down to the URLs actually fetched. A model
 * that cites nothing that was read, or fails, leaves the extractive playbook in place.
 */
export async function composePlaybook(input: PlaybookInput, llm?: LanguageModel): Promise<Playbook> {
  const extractive = buildPlaybook(input);
  if (!llm || input.docs.length === 0) return extractive;
  let written: z.infer<typeof LlmPlaybookSchema>;
  try {
    written = LlmPlaybookSchema.parse(
      await llm.completeJson({
        system:
          'You write short how-to playbooks for software agents. Use only the sources given. Steps are for the stacks listed in `stacks` only (every stack when it is empty), in working order: install, authenticate with the API key from the environment variable the docs name, first call, check the result; never the same step twice. Gotchas are what the sources say about test vs live keys, rate limits and webhooks. Answer a JSON object with keys approach (string), steps (ordered strings), gotchas (strings), deprecated (strings, each naming what to avoid and why), sources (the URLs of the given sources you used).',
        user: JSON.stringify({
          task: input.task,
          stacks: stacksOfTask(input.task).map((st) => STACK_NAMES[st]),
          capabilities: input.capabilities,
          tools: input.tools.map((t) => ({ name: t.name, domain: t.domain, readiness: t.readiness, covers: t.matched })),
          deprecatedPackages: input.packages.filter((p) => p.deprecated).map((p) => ({ name: p.name, message: p.deprecated })),
          sources: input.docs.map((d) => ({ url: d.url, text: d.text.slice(0, EXCERPT) })),
        }),
      }),
    );
  } catch {
    return extractive;
  }
  const fetched = new Set(extractive.sources);
  const sources = [...new Set(written.sources.filter((u) => fetched.has(u)))];
  if (!sources.length) return extractive;
  return { ...extractive, approach: written.approach, steps: written.steps, gotchas: written.gotchas, deprecated: written.deprecated, sources };
}
