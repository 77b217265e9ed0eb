import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { findOnPath, isExecutable } from './executables';

/** The oasdiff release we build and whose `changelog --format json` output readChangelog understands. */
export const OASDIFF_VERSION = 'v1.37.0';

export interface OasdiffLookup {
  /** An operator-chosen binary; it must exist, so a typo fails loudly instead of silently falling back. */
  explicitPath?: string;
  /** Where the `go install` build is cached, outside the repository. */
  cacheDir: string;
  log: (message: string) => void;
}

export function cachedOasdiffPath(cacheDir: string): string {
  return path.join(cacheDir, `oasdiff-${OASDIFF_VERSION.replace(/^v/, '')}`, 'oasdiff');
}

/**
 * Find oasdiff: the explicit path, then `oasdiff` on PATH, then the cached `go install` build
 * (building it when Go is present). Undefined means no oasdiff is available.
 */
export async function locateOasdiff(lookup: OasdiffLookup, searchPath = process.env.PATH ?? ''): Promise<string | undefined> {
  if (lookup.explicitPath) {
    if (!isExecutable(lookup.explicitPath)) throw new Error(`oasdiff path ${lookup.explicitPath} is not an executable file`);
    return lookup.explicitPath;
  }
  const onPath = findOnPath('oasdiff', searchPath);
  if (onPath) return onPath;
  const cached = cachedOasdiffPath(lookup.cacheDir);
  if (isExecutable(cached)) return cached;
  const go = findOnPath('go', searchPath);
  if (!go) return undefined;
  lookup.log(`Building oasdiff ${OASDIFF_VERSION} with go install into ${path.dirname(cached)} (first run only; a few minutes)...`);
  mkdirSync(path.dirname(cached), { recursive: true });
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(go, ['install', `github.com/oasdiff/oasdiff@${OASDIFF_VERSION}`], {
      env: { ...process.env, GOBIN: path.dirname(cached) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(-1));
    child.on('exit', resolve);
  });
  if (code === 0 && isExecutable(cached)) return cached;
  lookup.log(`go install of oasdiff failed (exit ${code})`);
  return undefined;
}
