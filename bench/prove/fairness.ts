import { setTimeout as delay } from 'node:timers/promises';
import { PLANS } from '../../src/domain/plans';
import { percentile } from '../load/driver';
import type { Proof, ProofRow } from './proof';
import { startStack } from './stack';

/** One metered call as a caller saw it. */
interface Sample {
  ms: number;
  status: number;
}

const TASKS = [
  'send transactional email from a Node app',
  'scrape JS-heavy pages',
  'charge customers a monthly subscription',
  'transcribe sales calls to text',
  'geocode addresses and show them on an interactive map',
  'web search API for my AI agent',
];

/**
 * Both workspaces on Starter, the plan a workspace has unless it pays. A plan's limits give fairness only
 * while they are a fraction of what the deployment can serve: on this 2-core machine a Scale flooder held
 * to its 50 calls a second still took the quiet workspace's p50 from 49.6 to 156.8 ms (docs/decisions/metering.md#per-workspace-limits).
 */
const PLAN = 'free';
const FLOOD_CALLERS = 150;
const QUIET_CALLERS = 2;
const ALONE_SECONDS = 15;
const FLOOD_SECONDS = 30;
/** The quiet callers' pause between calls: together within 80% of the plan's rate even at no latency, so only the flood meets it. */
const QUIET_PAUSE_MS = Math.ceil((QUIET_CALLERS * 1000) / (0.8 * PLANS[PLAN].callLimits.rate));

/**
 * Issue 23's fairness: one workspace floods with 150 callers while another calls at 2, through two API
 * processes sharing one worker. The quiet workspace's metered p50 under the flood is held to 2x its p50
 * alone in the same run (alone before and after the flood, pooled); the flooder is refused with 429s,
 * never a 5xx; each workspace's usage events equal the 2xx it saw. The flood's callers retry a 429 after
 * its Retry-After, as the typed client does; a call in flight is never abandoned.
 */
export const fairness: Proof = {
  name: 'fairness',
  async run(log) {
    const stack = await startStack({ apis: 2, log });
    try {
      const quiet = await stack.workspace({ plan: PLAN });
      const flooder = await stack.workspace({ plan: PLAN });
      const urls = stack.apis.map((a) => a.url);
      let n = 0;
      const call = async (key: string): Promise<Sample & { retryAfter: number }> => {
        const url = urls[n++ % urls.length];
        const path = n % 2 ? '/v1/find-tools' : '/v1/resolve';
        const started = performance.now();
        try {
          const res = await fetch(`${url}${path}`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ task: TASKS[n % TASKS.length] }),
          });
          await res.arrayBuffer();
          return { ms: performance.now() - started, status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
        } catch {
          return { ms: performance.now() - started, status: 0, retryAfter: 0 };
        }
      };

      /** `callers` loops calling for `seconds`, a 429 waited out as its Retry-After says. */
      const callFor = async (key: string, callers: number, seconds: number, pauseMs = 0): Promise<Sample[]> => {
        const samples: Sample[] = [];
        const until = Date.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: callers }, async () => {
            while (Date.now() < until) {
              const s = await call(key);
              samples.push({ ms: s.ms, status: s.status });
              if (s.status === 429) await delay(Math.max(1, s.retryAfter) * 1000);
              else if (pauseMs) await delay(pauseMs);
            }
          }),
        );
        return samples;
      };

      log('warming up...');
      const warm = await stack.workspace({ plan: PLAN });
      await callFor(warm.key, 2, 5, QUIET_PAUSE_MS);

      log(`quiet workspace alone, ${QUIET_CALLERS} callers for ${ALONE_SECONDS} s...`);
      const aloneBefore = await callFor(quiet.key, QUIET_CALLERS, ALONE_SECONDS, QUIET_PAUSE_MS);
      log(`flood: ${FLOOD_CALLERS} callers on one workspace, ${QUIET_CALLERS} on the other, ${FLOOD_SECONDS} s...`);
      const [flood, underFlood] = await Promise.all([
        callFor(flooder.key, FLOOD_CALLERS, FLOOD_SECONDS),
        (async () => {
          await delay(2000); // the flood under way first
          return callFor(quiet.key, QUIET_CALLERS, FLOOD_SECONDS - 4, QUIET_PAUSE_MS);
        })(),
      ]);
      log(`quiet workspace alone again, ${ALONE_SECONDS} s...`);
      const aloneAfter = await callFor(quiet.key, QUIET_CALLERS, ALONE_SECONDS, QUIET_PAUSE_MS);

      const ok = (xs: Sample[]) => xs.filter((s) => s.status >= 200 && s.status < 300);
      const p50 = (xs: Sample[]) =>
        percentile(
          ok(xs).map((s) => s.ms),
          50,
        );
      const alone = [...aloneBefore, ...aloneAfter];
      const ratio = p50(underFlood) / p50(alone);
      const count = (xs: Sample[], pred: (status: number) => boolean) => xs.filter((s) => pred(s.status)).length;
      const bad = (status: number) => status === 0 || status >= 500;
      const events = async (workspaceId: string) =>
        Number((await stack.db('usage_events').where({ workspace_id: workspaceId }).count<Array<{ n: number }>>('* as n'))[0].n);
      const quietOk = ok([...aloneBefore, ...underFlood, ...aloneAfter]).length;
      const floodOk = ok(flood).length;
      const [quietEvents, floodEvents] = [await events(quiet.workspaceId), await events(flooder.workspaceId)];
      const limits = PLANS[PLAN].callLimits;
      const allowance = Math.floor(limits.rate * FLOOD_SECONDS + limits.burst);

      const rows: ProofRow[] = [
        {
          promise: `the quiet workspace's metered p50 under a ${FLOOD_CALLERS}-caller flood by another workspace <= 2x its p50 alone (same run, 2 API processes)`,
          passed: Number.isFinite(ratio) && ratio <= 2,
          figure: `${p50(underFlood).toFixed(1)} ms under the flood (${ok(underFlood).length} calls) vs ${p50(alone).toFixed(1)} ms alone (${ok(alone).length} calls): ${ratio.toFixed(2)}x; p99 ${percentile(
            ok(underFlood).map((s) => s.ms),
            99,
          ).toFixed(0)} vs ${percentile(
            ok(alone).map((s) => s.ms),
            99,
          ).toFixed(0)} ms`,
        },
        {
          promise: 'the flooder gets 429s, never a 5xx or a dropped connection; the quiet workspace is never refused',
          passed: count(flood, (s) => s === 429) > 0 && count(flood, bad) === 0 && count([...alone, ...underFlood], (s) => s !== 200) === 0,
          figure: `flooder: ${flood.length} calls, ${floodOk} 2xx, ${count(flood, (s) => s === 429)} 429, ${count(flood, bad)} 5xx or dropped; quiet: ${count([...alone, ...underFlood], (s) => s !== 200)} not 200`,
        },
        {
          promise: `the flooder is held to its plan's rate (${limits.rate}/s, bursts of ${limits.burst}) across both API processes`,
          passed: floodOk > 0 && floodOk <= allowance,
          figure: `${floodOk} admitted in ${FLOOD_SECONDS} s (${(floodOk / FLOOD_SECONDS).toFixed(1)}/s; allowance ${allowance})`,
        },
        {
          promise: 'usage events = metered 2xx each workspace saw',
          passed: quietEvents === quietOk && floodEvents === floodOk,
          figure: `quiet ${quietEvents} events / ${quietOk} 2xx; flooder ${floodEvents} events / ${floodOk} 2xx`,
        },
      ];
      return rows;
    } finally {
      await stack.stop();
    }
  },
};
