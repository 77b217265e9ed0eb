import type { Context } from 'koa';
import { trialClientKey } from '../domain/client-key';
import { hashApiKey, isWellFormedApiKey } from '../domain/api-keys';
import type { Db } from '../store/db';
import { findActiveKey, touchKeyLastUsed } from '../store/workspaces';
import { HttpError } from './errors';

export type Caller = { kind: 'workspace'; workspaceId: string; keyId: string } | { kind: 'anonymous'; clientKey: string };

export type AuthMode = 'open' | 'metered' | 'key';

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves the caller of a route from `x-api-key`: a workspace key (looked up by its SHA-256 hash, one
 * index probe; never logged), or, for metered routes without a key, the anonymous trial client. A
 * missing key where one is required, an unknown key and a revoked key are all 401.
 */
export function keyAuthenticator(db: Db) {
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
  return async (ctx: Context, mode: AuthMode): Promise<Caller | undefined> => {
    if (mode === 'open') return undefined;
    const raw = ctx.get('x-api-key').trim();
    if (!raw) {
      if (mode === 'key') throw new HttpError(401, 'An API key is required: send it in the x-api-key header');
      return { kind: 'anonymous', clientKey: trialClientKey(ctx.ip) };
    }
    const key = isWellFormedApiKey(raw) ? await findActiveKey(db, hashApiKey(raw)) : undefined;
    if (!key) throw new HttpError(401, 'Invalid or revoked API key');
    touch(key.keyId);
    return { kind: 'workspace', workspaceId: key.workspaceId, keyId: key.keyId };
  };
}

export type Authenticate = ReturnType<typeof keyAuthenticator>;
