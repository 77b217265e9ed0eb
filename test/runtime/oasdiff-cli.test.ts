import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedOasdiffPath, locateOasdiff } from '../../src/runtime/oasdiff-cli';

function fakeExecutable(file: string, mode = 0o755, script = 'exit 0'): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, mode);
  return file;
}

describe('locateOasdiff', () => {
  let root: string;
  let cacheDir: string;
  const log = () => {};

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'agentdex-oasdiff-cli-'));
    cacheDir = path.join(root, 'cache');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('the cached build lives under a versioned directory', () => {
    assert.equal(cachedOasdiffPath('/c'), '/c/oasdiff-1.37.0/oasdiff');
  });

  it('throws when the explicit path is not executable', async () => {
    const notExecutable = fakeExecutable(path.join(root, 'oasdiff'), 0o644);
    await assert.rejects(locateOasdiff({ explicitPath: notExecutable, cacheDir, log }, ''), /not an executable file/);
    await assert.rejects(locateOasdiff({ explicitPath: path.join(root, 'missing'), cacheDir, log }, ''), /not an executable file/);
  });

  it('returns an executable explicit path before looking anywhere else', async () => {
    const explicit = fakeExecutable(path.join(root, 'mine', 'oasdiff'));
    const bin = path.join(root, 'bin');
    fakeExecutable(path.join(bin, 'oasdiff'));
    assert.equal(await locateOasdiff({ explicitPath: explicit, cacheDir, log }, bin), explicit);
  });

  it('finds oasdiff on the search path, skipping directories without it', async () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    const onPath = fakeExecutable(path.join(root, 'bin', 'oasdiff'));
    fakeExecutable(cachedOasdiffPath(cacheDir));
    assert.equal(await locateOasdiff({ cacheDir, log }, [empty, path.dirname(onPath)].join(path.delimiter)), onPath);
  });

  it('returns the cached build when nothing is on the search path', async () => {
    const cached = fakeExecutable(cachedOasdiffPath(cacheDir));
    assert.equal(await locateOasdiff({ cacheDir, log }, path.join(root, 'empty')), cached);
  });

  it('builds into the cache with go install when go is on the search path', async () => {
    // A stand-in for `go install`: it records its arguments and drops an executable into GOBIN.
    const fakeGo = 'echo "$@" > "$GOBIN/args"; echo "exit 0" > "$GOBIN/oasdiff"; chmod +x "$GOBIN/oasdiff"';
    const bin = path.dirname(fakeExecutable(path.join(root, 'bin', 'go'), 0o755, fakeGo));
    const cached = cachedOasdiffPath(cacheDir);
    assert.equal(await locateOasdiff({ cacheDir, log }, bin), cached);
    assert.equal(readFileSync(path.join(path.dirname(cached), 'args'), 'utf8').trim(), 'install github.com/oasdiff/oasdiff@v1.37.0');
  });

  it('returns undefined when go install fails', async () => {
    const bin = path.dirname(fakeExecutable(path.join(root, 'bin', 'go'), 0o755, 'exit 1'));
    assert.equal(await locateOasdiff({ cacheDir, log }, bin), undefined);
  });

  it('returns undefined with neither oasdiff nor go on the search path', async () => {
    assert.equal(await locateOasdiff({ cacheDir, log }, path.join(root, 'empty')), undefined);
  });
});
