import { hashApiKey, isWellFormedApiKey } from '../domain/api-keys';
import { trialClientKey } from '../domain/client-key';
import { hashAccessToken, isAccessToken } from '../domain/oauth';
import { unauthorized } from '../errors';
import type { Db } from '../store/db';
import { LRUCache } from 'lru-cache';
import { oauthService } from './oauth';
import { findActiveKey, isKeyActive, touchKeyLastUsed } from '../store/workspaces';

/**
 * Who is calling: a workspace (by one of its keys) or, for metered calls without a key, a trial client.
 * `unverified` marks a key taken from this process's memory of recent lookups: the metered path checks it
 * is still unrevoked in the same round trip as its admission (see deferRevocationCheck).
 */
export type Caller = { kind: 'workspace'; workspaceId: string; keyId: string; unverified?: true } | { kind: 'anonymous'; clientKey: string };

export type WorkspaceCaller = Extract<Caller, { kind: 'workspace' }>;

/** Where a call came in: recorded on its usage event. */
export type Source = 'api' | 'mcp' | 'cli';

const TOUCH_INTERVAL_MS = 60_000;

export interface ResolveOptions {
  keyRequired: boolean;
  ip: string;
  /**
   * The caller is a metered call, whose admission re-reads the key with the workspace lock: a key this
   * process looked up within the last minute is taken from memory, saving a round trip on every call.
   * Revocation still takes effect on the very next call, refused at admission.
   */
  deferRevocationCheck?: boolean;
}

const recentKeys = new LRUCache<string, { keyId: string; workspaceId: string }>({ max: 10_000, ttl: 60_000 });

/**
 * Resolves a raw API key, or an OAuth access token obtained with one (services/oauth), to its workspace and
 * key (looked up by its SHA-256 hash, one index probe; neither is ever logged), or, where a key is optional
 * and none was sent, to the anonymous trial client of the address. A missing key where one is required, an
 * unknown key, a revoked key and an unknown or expired token (or one whose key was revoked) are all refused.
 */
export function callerResolver(db: Db) {
  const oauth = oauthService(db);
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

  return async (rawKey: string | undefined, o: ResolveOptions): Promise<Caller> => {
    const raw = rawKey?.trim();
    if (!raw) {
      if (o.keyRequired) throw unauthorized('An API key is required: send it in the x-api-key header');
      return { kind: 'anonymous', clientKey: trialClientKey(o.ip) };
    }
    if (isAccessToken(raw)) return resolveToken(raw, o);
    if (!isWellFormedApiKey(raw)) throw unauthorized('Invalid or revoked API key');
    const hash = hashApiKey(raw);
    const remembered = o.deferRevocationCheck ? recentKeys.get(hash) : undefined;
    if (remembered) {
      touch(remembered.keyId);
      return { kind: 'workspace', workspaceId: remembered.workspaceId, keyId: remembered.keyId, unverified: true };
    }
    const key = await findActiveKey(db, hash);
    if (!key) throw unauthorized('Invalid or revoked API key');
    recentKeys.set(hash, { keyId: key.keyId, workspaceId: key.workspaceId });
    touch(key.keyId);
    return { kind: 'workspace', workspaceId: key.workspaceId, keyId: key.keyId };
  };

  // A token is the key it was issued to: the same workspace, the same key id on its usage events. Metered
  // calls may take it from memory like a key, but never past the token's own expiry.
  async function resolveToken(raw: string, o: ResolveOptions): Promise<Caller> {
    const hash = `token:${hashAccessToken(raw)}`;
    const remembered = o.deferRevocationCheck ? recentKeys.get(hash) : undefined;
    if (remembered) {
      touch(remembered.keyId);
      return { kind: 'workspace', workspaceId: remembered.workspaceId, keyId: remembered.keyId, unverified: true };
    }
    const now = Date.now();
    const token = await oauth.resolveAccessToken(raw, new Date(now));
    if (!token) throw unauthorized('Invalid or expired access token');
    const ttl = Math.min(60_000, token.expiresAt.getTime() - now);
    if (ttl > 0) recentKeys.set(hash, { keyId: token.keyId, workspaceId: token.workspaceId }, { ttl });
    touch(token.keyId);
    return { kind: 'workspace', workspaceId: token.workspaceId, keyId: token.keyId };
  }
}

/** A remembered key turned out revoked: forget it, so the next call looks it up. */
export function forgetKey(keyId: string): void {
  for (const [hash, k] of recentKeys.entries()) if (k.keyId === keyId) recentKeys.delete(hash);
}

/** Confirms an unverified caller's key is still unrevoked (the metered paths that admit nothing: replays). */
export async function verifyCaller(db: Db, caller: Caller): Promise<void> {
  if (caller.kind !== 'workspace' || !caller.unverified) return;
  if (!(await isKeyActive(db, caller.keyId))) {
    forgetKey(caller.keyId);
    throw unauthorized('Invalid or revoked API key');
  }
}

export type ResolveCaller = ReturnType<typeof callerResolver>;
