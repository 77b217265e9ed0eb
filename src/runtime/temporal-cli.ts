import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { findOnPath, isExecutable } from './executables';

/** The CLI release `.ci/run` and this module build with `go install` (newer tags carry a replace directive). */
export const TEMPORAL_CLI_VERSION = 'v1.5.1';

export interface CliLookup {
  /** TEMPORAL_CLI_PATH, if the operator set one. */
  explicitPath?: string;
  /** Where the `go install` build is cached, outside the repository. */
  cacheDir: string;
  log: (message: string) => void;
}

export function cachedCliPath(cacheDir: string): string {
  return path.join(cacheDir, `temporal-${TEMPORAL_CLI_VERSION.replace(/^v/, '')}`, 'temporal');
}

/**
 * Find the Temporal CLI: TEMPORAL_CLI_PATH, then `temporal` on PATH, then the cached `go install` build
 * (building it when Go is present). Undefined means "let the SDK download its own dev server".
 */
export async function locateTemporalCli(lookup: CliLookup, searchPath = process.env.PATH ?? ''): Promise<string | undefined> {
  if (lookup.explicitPath) {
    if (!isExecutable(lookup.explicitPath)) throw new Error(`TEMPORAL_CLI_PATH=${lookup.explicitPath} is not an executable file`);
    return lookup.explicitPath;
  }
  const onPath = findOnPath('temporal', searchPath);
  if (onPath) return onPath;
  const cached = cachedCliPath(lookup.cacheDir);
  if (isExecutable(cached)) return cached;
  const go = findOnPath('go', searchPath);
  if (!go) return undefined;
  lookup.log(`Building the Temporal CLI ${TEMPORAL_CLI_VERSION} with go install into ${path.dirname(cached)} (first run only; a few minutes)...`);
  mkdirSync(path.dirname(cached), { recursive: true });
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(go, ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
      env: { ...process.env, GOBIN: path.dirname(cached) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(-1));
    child.on('exit', resolve);
  });
  if (code === 0 && isExecutable(cached)) return cached;
  lookup.log(`go install of the Temporal CLI failed (exit ${code}); falling back to the SDK's dev server download`);
  return undefined;
}
