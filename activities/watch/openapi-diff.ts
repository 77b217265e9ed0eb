import { type ExecFileException, execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type OpenApiComparison, readChangelog } from '../../src/domain/watch/openapi-changes';

const DEFAULT_TIMEOUT_MS = 20_000;
/** A changelog of a few thousand changes is well under this; more means something is wrong, so fail instead of buffering it. */
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
const STDERR_EXCERPT = 300;

/**
 * Compare two stored OpenAPI documents (JSON text) with oasdiff. `--allow-external-refs=false` makes oasdiff refuse any
 * $ref outside the document instead of fetching it (the documents come from audited sites, so a remote $ref would be SSRF).
 */
export async function compareOpenApi(oasdiffPath: string, base: string, revision: string, opts: { timeoutMs?: number } = {}): Promise<OpenApiComparison> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentdex-oasdiff-'));
  try {
    const basePath = path.join(dir, 'base.json');
    const revisionPath = path.join(dir, 'revision.json');
    await writeFile(basePath, base);
    await writeFile(revisionPath, revision);
    const run = await runOasdiff(
      oasdiffPath,
      ['changelog', basePath, revisionPath, '--format', 'json', '--allow-external-refs=false'],
      dir,
      opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const json = parseJson(run.stdout);
    if (json === undefined) {
      const outcome = run.failure ?? 'exited 0 without JSON output';
      const stderr = run.stderr.slice(0, STDERR_EXCERPT).trim();
      throw new Error(`oasdiff changelog failed (${outcome})${stderr ? `: ${stderr}` : ''}`);
    }
    return readChangelog(json);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface OasdiffRun {
  stdout: string;
  stderr: string;
  /** Why the process did not exit 0, if it did not. */
  failure?: string;
}

function runOasdiff(binary: string, args: string[], cwd: string, timeoutMs: number): Promise<OasdiffRun> {
  return new Promise((resolve) => {
    // cwd is the private temp dir so oasdiff's `.oasdiff.*` config lookup in the working directory finds nothing.
    execFile(binary, args, { cwd, env: withoutOasdiffConfig(), timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES }, (error, stdout, stderr) => {
      resolve({ stdout, stderr, failure: error ? describeFailure(error, timeoutMs) : undefined });
    });
  });
}

/** OASDIFF_CONFIG would let the environment change severities or ignore rules behind our back. */
function withoutOasdiffConfig(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.OASDIFF_CONFIG;
  return env;
}

function describeFailure(error: ExecFileException, timeoutMs: number): string {
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return `output over ${MAX_OUTPUT_BYTES} bytes`;
  if (error.killed) return `no result within ${timeoutMs} ms`;
  if (typeof error.code === 'number') return `exit ${error.code}`;
  return String(error.code ?? error.signal ?? error.message);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
