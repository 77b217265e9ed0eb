import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findTools } from '../../src/services/find-tools';
import { resolveTask } from '../../src/services/resolve';
import type { EmbeddingModel } from '../../src/services/embeddings';
import type { LanguageModel } from '../../src/services/llm';
import type { Db } from '../../src/store/db';

/**
 * The task-ranking quality suite. Four sets, kept apart (no task is in two):
 * - training (tasks.json): written for this project, some labels widened after seeing rankings; the
 *   ranking's figures (src/domain/ranking/params.ts) are fitted on it and the next alone;
 * - training-metatool (metatool-training-tasks.json): MetaTool requests (written by others) of tools the
 *   external set never uses, mapped to registry products by the external set's rule: training too;
 * - holdout (holdout-tasks.json): labelled blind, frozen on the date in the file: measured, never tuned on;
 * - external (external-tasks.json): requests written by others (public tool-retrieval benchmarks), their
 *   relevant tools mapped to registry products by the rule in the file, frozen: measured, never tuned on.
 * A result is relevant when its product is among the task's acceptable ones.
 */
export interface LabelledTask {
  task: string;
  /** plain, typo, multi, requirement, sense, long, connector, everyday, agentic; the source for external tasks. */
  kind: string;
  /** The capabilities a careful reader would name (training and holdout; empty where not labelled). */
  capabilities: string[];
  acceptable: string[];
  /** The source's gold tools (sets written by others). */
  goldTools?: string[];
}

export interface TaskSet {
  name: 'training' | 'training-metatool' | 'holdout' | 'external' | 'external+judged';
  file: string;
  /** The date the set was frozen (holdout, external). */
  frozen?: string;
  tasks: LabelledTask[];
}

/** A request of this many words or more is long (the line for conversational requests). */
export const LONG_WORDS = 40;

export const SET_FILES = {
  training: 'tasks.json',
  'training-metatool': 'metatool-training-tasks.json',
  holdout: 'holdout-tasks.json',
  external: 'external-tasks.json',
} as const;

/**
 * A task set. `external+judged` is the external set with its labels completed by blind judgments of pooled
 * results (external-judgments.json: the TREC practice for incomplete labels; how the pool was made and
 * judged is in the file): the same tasks, more products counted relevant.
 */
export function taskSet(name: TaskSet['name']): TaskSet {
  if (name === 'external+judged') {
    const external = taskSet('external');
    const raw = JSON.parse(readFileSync(path.resolve(__dirname, '../../../test/quality/external-judgments.json'), 'utf8')) as {
      judgments: Array<{ id: string; slug: string; relevant: boolean }>;
    };
    const ids = (
      JSON.parse(readFileSync(path.resolve(__dirname, '../../../test/quality', SET_FILES.external), 'utf8')) as { tasks: Array<{ id: string }> }
    ).tasks.map((t) => t.id);
    return {
      ...external,
      name,
      tasks: external.tasks.map((t, i) => ({
        ...t,
        acceptable: [...new Set([...t.acceptable, ...raw.judgments.filter((j) => j.id === ids[i] && j.relevant).map((j) => j.slug)])],
      })),
    };
  }
  const file = SET_FILES[name];
  const raw = JSON.parse(readFileSync(path.resolve(__dirname, '../../../test/quality', file), 'utf8')) as
    | LabelledTask[]
    | { frozen?: string; tasks: Array<LabelledTask | { task: string; source: string; relevant: string[]; goldTools?: string[] }> };
  if (Array.isArray(raw)) return { name, file, tasks: raw };
  const tasks = raw.tasks.map((t) =>
    'relevant' in t
      ? { task: t.task, kind: t.source, capabilities: [], acceptable: t.relevant, goldTools: t.goldTools }
      : { ...t, capabilities: t.capabilities ?? [] },
  );
  return { name, file, frozen: raw.frozen, tasks };
}

export function isLong(task: string): boolean {
  return task.trim().split(/\s+/).length >= LONG_WORDS;
}

export interface TaskOutcome extends LabelledTask {
  /** resolve's capabilities (empty for find-tools). */
  predicted: string[];
  ranked: string[];
  hit5: boolean;
  /** An acceptable product anywhere in the answer (its 20 results): what a better order of them could reach. */
  hit20: boolean;
  ndcg5: number;
  /** 1 / rank of the first acceptable product in the whole answer (20 at most), 0 when none. */
  reciprocalRank: number;
  empty: boolean;
}

export interface Figures {
  tasks: number;
  hit5: number;
  hit20: number;
  ndcg5: number;
  mrr: number;
  /** Share of tasks answered with no product (every task has an acceptable product in the registry). */
  emptyRate: number;
  empty: number;
  /** resolve only, over tasks with labelled capabilities. */
  precision?: number;
  recall?: number;
}

export interface SetReport {
  set: TaskSet['name'];
  primitive: 'resolve' | 'find-tools';
  /** The optional models the run used ('' for the lexical pipeline alone, which the targets measure). */
  models: string;
  all: Figures;
  short: Figures;
  long: Figures;
  byKind: Record<string, Figures>;
  outcomes: TaskOutcome[];
}

export function ndcgAt5(results: string[], acceptable: string[]): number {
  const good = new Set(acceptable);
  const gain = (i: number) => 1 / Math.log2(i + 2);
  const dcg = results.slice(0, 5).reduce((n, slug, i) => n + (good.has(slug) ? gain(i) : 0), 0);
  const ideal = Array.from({ length: Math.min(5, good.size) }, (_, i) => gain(i)).reduce((a, b) => a + b, 0);
  return ideal ? dcg / ideal : 0;
}

export function reciprocalRank(results: string[], acceptable: string[]): number {
  const i = results.findIndex((slug) => acceptable.includes(slug));
  return i < 0 ? 0 : 1 / (i + 1);
}

export function figures(outcomes: TaskOutcome[], capabilities = true): Figures {
  const n = outcomes.length || 1;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const mean = (f: (o: TaskOutcome) => number) => round(outcomes.reduce((s, o) => s + f(o), 0) / n);
  const labelled = capabilities ? outcomes.filter((o) => o.capabilities.length) : [];
  let hit = 0;
  let predicted = 0;
  let gold = 0;
  for (const o of labelled) {
    hit += o.predicted.filter((c) => o.capabilities.includes(c)).length;
    predicted += o.predicted.length;
    gold += o.capabilities.length;
  }
  const empty = outcomes.filter((o) => o.empty).length;
  return {
    tasks: outcomes.length,
    hit5: mean((o) => (o.hit5 ? 1 : 0)),
    hit20: mean((o) => (o.hit20 ? 1 : 0)),
    ndcg5: mean((o) => o.ndcg5),
    mrr: mean((o) => o.reciprocalRank),
    emptyRate: round(empty / n),
    empty,
    ...(gold ? { precision: round(predicted ? hit / predicted : 0), recall: round(hit / gold) } : {}),
  };
}

/**
 * Runs a set through one primitive, the way its workflow's read runs it; with the optional models when
 * given (the language model reads capabilities for resolve; the embeddings join both).
 */
export async function evaluateSet(
  db: Db,
  set: TaskSet,
  primitive: SetReport['primitive'],
  models: { llm?: LanguageModel; embeddings?: EmbeddingModel } = {},
): Promise<SetReport> {
  const outcomes: TaskOutcome[] = [];
  for (const t of set.tasks) {
    const answer =
      primitive === 'resolve'
        ? await resolveTask(db, t.task, {}, models).then((r) => ({ capabilities: r.capabilities, ranked: r.hits.map((h) => h.slug) }))
        : await findTools(db, t.task, { embeddings: models.embeddings }).then((r) => ({ capabilities: [], ranked: r.hits.map((h) => h.slug) }));
    outcomes.push({
      ...t,
      predicted: answer.capabilities,
      ranked: answer.ranked,
      hit5: answer.ranked.slice(0, 5).some((s) => t.acceptable.includes(s)),
      hit20: answer.ranked.slice(0, 20).some((s) => t.acceptable.includes(s)),
      ndcg5: ndcgAt5(answer.ranked, t.acceptable),
      reciprocalRank: reciprocalRank(answer.ranked, t.acceptable),
      empty: answer.ranked.length === 0,
    });
  }
  const kinds = [...new Set(set.tasks.map((t) => t.kind))];
  const named = primitive === 'resolve'; // find-tools names no capabilities
  return {
    set: set.name,
    primitive,
    models: [models.llm && primitive === 'resolve' ? 'llm' : '', models.embeddings ? 'embeddings' : ''].filter(Boolean).join('+'),
    all: figures(outcomes, named),
    short: figures(
      outcomes.filter((o) => !isLong(o.task)),
      named,
    ),
    long: figures(
      outcomes.filter((o) => isLong(o.task)),
      named,
    ),
    byKind: Object.fromEntries(
      kinds.map((k) => [
        k,
        figures(
          outcomes.filter((o) => o.kind === k),
          named,
        ),
      ]),
    ),
    outcomes,
  };
}

/**
 * The targets (issue 21): hit@5 >= 0.95 for both primitives on the holdout and >= 0.80 on the external
 * set; no empty answer (every task has a relevant product in the registry); on the training set, no drop
 * from the figures the ranking had before it was rebuilt (TRAINING_FLOOR, measured on the same set).
 */
export const TARGETS = { holdoutHit5: 0.95, externalHit5: 0.8 };

/**
 * What the external set must not fall below while its target is not reached: the figures of 2026-11-25
 * (hit@5 0.649 on the published labels), less a margin for the order of near-equal fits.
 */
export const EXTERNAL_FLOOR = { hit5: 0.62 };

/**
 * The training set's figures under the ranking this one replaced (capabilities covered, then readiness),
 * measured on the same 340 tasks on 2026-11-25 (bench/RESULTS.md at 8d7dda3): the new ranking must not drop below.
 */
export const TRAINING_FLOOR = {
  resolve: { hit5: 0.485, ndcg5: 0.298 },
  'find-tools': { hit5: 0.474, ndcg5: 0.273 },
} as const;
