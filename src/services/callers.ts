import { hashApiKey, isWellFormedApiKey } from '../domain/api-keys';
import { trialClientKey } from '../domain/client-key';
import { unauthorized } from '../errors';
import type { Db } from '../store/db';
import { findActiveKey, touchKeyLastUsed } from '../store/workspaces';

/** Who is calling: a workspace (by one of its keys) or, for metered calls without a key, a trial client. */
export type Caller = { kind: 'workspace'; workspaceId: string; keyId: string } | { kind: 'anonymous'; clientKey: string };

export type WorkspaceCaller = Extract<Caller, { kind: 'workspace' }>;

/** Where a call came in: recorded on its usage event. */
export type Source = 'api' | 'mcp' | 'cli';

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves a raw API key to its workspace (looked up by its SHA-256 hash, one index probe; the key is
 * never logged), or, where a key is optional and none was sent, to the anonymous trial client of the
 * address. A missing key where one is required, an unknown key and a revoked key are all refused.
 */
export function callerResolver(db: Db) {
  // The store writes last-used at most once a minute anyway; remembering our own writes spares the round
  // trip on every other call.
  const touched = new Map<string, number>();
  const touch = (keyId: string) => {
    const now = Date.now();
    if (now - (touched.get(keyId) ?? 0) < TOUCH_INTERVAL_MS) return;
    if (touched.size > 10_000) touched.clear();
    touched.set(keyId, now);
    touchKeyLastUsed(db, keyId).catch(() => undefined); // best effort; never delays the call
  };

  return async (rawKey: string | undefined, o: { keyRequired: boolean; ip: string }): Promise<Caller> => {
    const raw = rawKey?.trim();
    if (!raw) {
      if (o.keyRequired) throw unauthorized('An API key is required: send it in the x-api-key header');
      return { kind: 'anonymous', clientKey: trialClientKey(o.ip) };
    }
    const key = isWellFormedApiKey(raw) ? await findActiveKey(db, hashApiKey(raw)) : undefined;
    if (!key) throw unauthorized('Invalid or revoked API key');
    touch(key.keyId);
    return { kind: 'workspace', workspaceId: key.workspaceId, keyId: key.keyId };
  };
}

export type ResolveCaller = ReturnType<typeof callerResolver>;
