import { mintApiKey } from '../../src/domain/api-keys';
import { billingPeriod, type CallLimits, type EventType } from '../../src/domain/plans';
import { setCallLimitOverrides } from '../../src/store/call-gates';
import type { Db } from '../../src/store/db';
import { insertWorkspaceWithKey } from '../../src/store/workspaces';

let n = 0;

/**
 * A fresh workspace with one key, optionally on another plan, with part of a quota already used, or with a
 * contract's call limits (tests of quota races fire more calls at once than a plan lets through).
 */
export async function createWorkspace(
  db: Db,
  o: { plan?: string; meteredEnabled?: boolean; used?: Partial<Record<EventType, number>>; callLimits?: Partial<CallLimits> } = {},
) {
  const key = mintApiKey();
  const { workspace, keyId } = await insertWorkspaceWithKey(
    db,
    { name: `test-${Date.now()}-${n++}`, plan: o.plan ?? 'free' },
    { hash: key.hash, prefix: key.prefix },
  );
  if (o.callLimits) await setCallLimitOverrides(db, workspace.id, o.callLimits);
  if (o.meteredEnabled) await db('workspaces').where({ id: workspace.id }).update({ metered_enabled: true });
  const periodStart = billingPeriod(new Date()).start.toISOString().slice(0, 10);
  for (const [eventType, used] of Object.entries(o.used ?? {})) {
    await db('usage_counters').insert({ workspace_id: workspace.id, period_start: periodStart, event_type: eventType, used });
  }
  return { workspaceId: workspace.id, key: key.raw, keyId };
}
