import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findTools } from '../../src/services/find-tools';
import { resolveTask } from '../../src/services/resolve';
import type { Db } from '../../src/store/db';

/**
 * The resolve quality suite: labelled tasks (test/quality/tasks.json: plain wording, typos, several
 * capabilities, stated requirements) with the capabilities a careful reader would name and the products
 * that are acceptable top answers. Capability precision and recall are micro-averaged over all tasks;
 * nDCG@5 uses binary relevance (a result is relevant when it is an acceptable product), ideal = as many
 * acceptable products as fit in five.
 */
export interface LabelledTask {
  task: string;
  /** `sense`: a word with a software sense and another (environment, tables, pipeline, bucket, token...). */
  kind: 'plain' | 'typo' | 'multi' | 'requirement' | 'sense';
  capabilities: string[];
  acceptable: string[];
}

export interface TaskOutcome extends LabelledTask {
  predicted: string[];
  top5: string[];
  /** Ranked results past the fifth (pooling draws decoys from them). */
  rest: string[];
  ndcg5: number;
  /** Share of the first five results that are acceptable (of five; fewer results count as misses). */
  precision5: number;
}

/** A blind relevance judgment of one pooled (task, product) pair (`npm run quality -- --pool`, run.ts). */
export interface Judgment {
  task: string;
  slug: string;
  relevant: boolean;
}

export interface QualityReport {
  tasks: number;
  precision: number;
  recall: number;
  ndcg5: number;
  precision5: number;
  byKind: Record<string, { tasks: number; precision: number; recall: number; ndcg5: number; precision5: number }>;
  outcomes: TaskOutcome[];
}

export const TARGETS = { precision: 0.8, recall: 0.85, ndcg5: 0.8 };
/** find-tools' ranking on the same labelled tasks (it names no capabilities). */
export const FIND_TOOLS_TARGETS = { ndcg5: 0.7, precision5: 0.6 };
/**
 * The word-sense tasks were added after the targets were set, and are harder (their labels name products
 * whose descriptions do not always say the capability): resolve's nDCG@5 target holds on the other kinds,
 * and these are held to where they stand (0.616 when added with matcher 11; 0.45 before it).
 */
export const SENSE_NDCG5_FLOOR = 0.6;

/** A labelled set in test/quality/ (tasks.json by default; holdout-tasks.json was labelled blind). */
export function labelledTasks(file = 'tasks.json'): LabelledTask[] {
  return JSON.parse(readFileSync(path.resolve(__dirname, '../../../test/quality', file), 'utf8')) as LabelledTask[];
}

/**
 * Labels completed by blind judgments of pooled results (the TREC practice for incomplete labels): a
 * product a judge found relevant to the task, from its description alone, becomes acceptable too.
 */
export function withJudgments(tasks: LabelledTask[], judgments: Judgment[]): LabelledTask[] {
  return tasks.map((t) => ({
    ...t,
    acceptable: [...new Set([...t.acceptable, ...judgments.filter((j) => j.task === t.task && j.relevant).map((j) => j.slug)])],
  }));
}

export function ndcgAt5(results: string[], acceptable: string[]): number {
  const good = new Set(acceptable);
  const gain = (i: number) => 1 / Math.log2(i + 2);
  const dcg = results.slice(0, 5).reduce((n, slug, i) => n + (good.has(slug) ? gain(i) : 0), 0);
  const ideal = Array.from({ length: Math.min(5, good.size) }, (_, i) => gain(i)).reduce((a, b) => a + b, 0);
  return ideal ? dcg / ideal : 0;
}

export function precisionAt5(results: string[], acceptable: string[]): number {
  return results.slice(0, 5).filter((slug) => acceptable.includes(slug)).length / 5;
}

export function summarise(outcomes: TaskOutcome[]): Omit<QualityReport, 'byKind' | 'outcomes'> {
  let hit = 0;
  let predicted = 0;
  let gold = 0;
  for (const o of outcomes) {
    hit += o.predicted.filter((c) => o.capabilities.includes(c)).length;
    predicted += o.predicted.length;
    gold += o.capabilities.length;
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    tasks: outcomes.length,
    precision: round(predicted ? hit / predicted : 0),
    recall: round(gold ? hit / gold : 0),
    ndcg5: round(outcomes.reduce((n, o) => n + o.ndcg5, 0) / (outcomes.length || 1)),
    precision5: round(outcomes.reduce((n, o) => n + o.precision5, 0) / (outcomes.length || 1)),
  };
}

/** Runs every labelled task through resolve (the deterministic path, as the REST workflow does). */
export async function evaluateResolve(db: Db, tasks = labelledTasks()): Promise<QualityReport> {
  return evaluate(tasks, async (task) => {
    const r = await resolveTask(db, task);
    return { capabilities: r.capabilities, ranked: r.hits.map((x) => x.slug) };
  });
}

/**
 * Runs every labelled task through find-tools (its one read, as the workflow does). It names no
 * capabilities, so only its ranking (precision@5, nDCG@5) is meaningful.
 */
export async function evaluateFindTools(db: Db, tasks = labelledTasks()): Promise<QualityReport> {
  return evaluate(tasks, async (task) => ({ capabilities: [], ranked: (await findTools(db, task)).results.map((x) => x.slug) }));
}

async function evaluate(tasks: LabelledTask[], run: (task: string) => Promise<{ capabilities: string[]; ranked: string[] }>): Promise<QualityReport> {
  const outcomes: TaskOutcome[] = [];
  for (const t of tasks) {
    const r = await run(t.task);
    const top5 = r.ranked.slice(0, 5);
    outcomes.push({
      ...t,
      predicted: r.capabilities,
      top5,
      rest: r.ranked.slice(5),
      ndcg5: ndcgAt5(top5, t.acceptable),
      precision5: precisionAt5(top5, t.acceptable),
    });
  }
  const kinds = [...new Set(tasks.map((t) => t.kind))];
  return {
    ...summarise(outcomes),
    byKind: Object.fromEntries(kinds.map((k) => [k, summarise(outcomes.filter((o) => o.kind === k))])),
    outcomes,
  };
}
