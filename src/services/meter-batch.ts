import type { Db } from '../store/db';
import { type CallToRecord, type RecordedCall, recordCalls } from '../store/metering';

interface Pending {
  call: CallToRecord;
  resolve(r: RecordedCall): void;
  reject(err: unknown): void;
}

/**
 * Records calls one statement at a time: a call arriving while a statement is in flight waits for it and
 * goes out with the others that arrived meanwhile. A lone call goes at once, so it waits for nothing; under
 * load the calls share a round trip, a commit and the workspace lock's hand-offs, each still decided as if
 * alone. Batches are sorted by workspace, so two processes' batches lock workspaces in the same order.
 */
export function meterBatcher(db: Db, maxBatch = 64) {
  let queue: Pending[] = [];
  let inFlight = false;

  const flush = async () => {
    inFlight = true;
    while (queue.length) {
      const batch = queue.slice(0, maxBatch).sort((a, b) => (a.call.workspaceId < b.call.workspaceId ? -1 : a.call.workspaceId > b.call.workspaceId ? 1 : 0));
      queue = queue.slice(batch.length);
      try {
        const answers = await recordCalls(
          db,
          batch.map((p) => p.call),
        );
        for (const [i, p] of batch.entries()) p.resolve(answers[i]);
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    inFlight = false;
  };

  return (call: CallToRecord): Promise<RecordedCall> =>
    new Promise<RecordedCall>((resolve, reject) => {
      queue.push({ call, resolve, reject });
      if (!inFlight) void flush();
    });
}
