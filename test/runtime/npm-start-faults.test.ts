import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/runtime/free-port';
import { startTemporalDevServer } from '../../src/runtime/temporal-dev-server';
import { processesMentioning, startEnv } from './processes';

const MAIN = path.resolve(__dirname, '../../src/main.js');

interface Ended {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs `npm start`'s entry to its end; a start that does not end within `timeoutMs` is killed and fails the test. */
function runToEnd(env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<Ended> {
  const began = Date.now();
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm start still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - began });
    });
  });
}

/** Takes a port the way another program would: a plain listening socket on that address. */
function hold(port: number, host: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function release(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

function writeExecutable(file: string, text: string): string {
  writeFileSync(file, text, { mode: 0o755 });
  return file;
}

describe('npm start fails clearly when it cannot have what it needs', function () {
  this.timeout(30_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-faults-'));
    chmodSync(dataDir, 0o755); // as root, Postgres runs as `postgres` and must enter this directory
    env = await startEnv(dataDir);
  });

  afterEach(() => {
    const orphans = processesMentioning(dataDir);
    for (const pid of orphans) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    assert.deepEqual(orphans, [], 'no process of the failed start is left running');
  });

  // Each of these is refused before any child starts: the output says nothing was started, and afterEach finds
  // no process of it left, whatever time a busy machine takes to load the app.
  for (const variable of ['PORT', 'EMBEDDED_PG_PORT', 'TEMPORAL_DEV_PORT', 'TEMPORAL_UI_PORT']) {
    it(`exits 1 at once, naming the port and ${variable}, when that port is taken`, async () => {
      const port = Number(env[variable]);
      const holder = await hold(port, '127.0.0.1');
      try {
        const ended = await runToEnd(env);
        assert.equal(ended.code, 1, ended.output);
        assert.match(ended.output, new RegExp(`Port ${port} \\(${variable}\\) is already in use: .*set ${variable} to a free port`));
        assert.doesNotMatch(ended.output, /Starting/, 'nothing was started');
      } finally {
        await release(holder);
      }
    });
  }

  it('exits 1 when two variables name the same port', async () => {
    env.TEMPORAL_UI_PORT = env.PORT;
    const ended = await runToEnd(env);
    assert.equal(ended.code, 1, ended.output);
    assert.match(ended.output, new RegExp(`Port ${env.PORT} is set for both PORT and TEMPORAL_UI_PORT`));
  });

  it('fails with the last lines of a Temporal dev server that dies during start-up', async () => {
    env.TEMPORAL_CLI_PATH = writeExecutable(
      path.join(dataDir, 'fake-temporal'),
      '#!/bin/sh\nfor n in 1 2 3 4 5 6 7 8 9 10 11 12; do echo "fake temporal: noise $n" >&2; done\n' +
        'echo "fake temporal: cannot open the database" >&2\necho "fake temporal: giving up" >&2\nexit 3\n',
    );
    // Postgres is not needed to see Temporal fail: Temporal starts before anything connects to the database.
    env.DATABASE_URL = `postgres://nobody:x@127.0.0.1:${await freePort()}/none`;
    const ended = await runToEnd(env);
    assert.equal(ended.code, 1, ended.output);
    assert.match(ended.output, /temporal server start-dev \(.*fake-temporal\) exited during start-up \(3\)/);
    assert.match(ended.output, /fake temporal: cannot open the database\n\s+fake temporal: giving up/);
    assert.doesNotMatch(ended.output, /noise 1\n/, 'a few last lines, not everything');
  });

  it('fails with the last log lines of an embedded Postgres that dies during start-up', async () => {
    // An existing cluster whose configuration Postgres refuses (readable by the `postgres` user when we
    // are root): it reads it first and exits at once, as it would after losing its port.
    const cluster = path.join(dataDir, 'postgres', 'cluster');
    mkdirSync(cluster, { recursive: true, mode: 0o755 });
    writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(cluster, 'postgresql.conf'), 'agentdex test: not a setting\n', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'postgres', 'password'), 'x', { mode: 0o600 });
    const ended = await runToEnd(env);
    assert.equal(ended.code, 1, ended.output);
    assert.match(ended.output, /embedded Postgres failed during start-up \(postgres exited with 1\); its last log lines:\n/);
    assert.match(ended.output, /FATAL: +configuration file ".*postgresql\.conf" contains errors/, "Postgres's own reason is shown");
  });
});

describe('Temporal dev server readiness', function () {
  this.timeout(30_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-devserver-'));
  });
  afterEach(() => {
    const orphans = processesMentioning(dir);
    for (const pid of orphans) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    assert.deepEqual(orphans, []);
  });

  it('does not count a server as ready if it dies shortly after its port answers (a lost clash)', async () => {
    // Opens the port it was given, then dies a moment later, as a dev server does that lost its port.
    const cliPath = writeExecutable(
      path.join(dir, 'fake-temporal'),
      `#!${process.execPath}\n` +
        "const port = Number(process.argv[process.argv.indexOf('--port') + 1]);\n" +
        "require('node:net').createServer().listen(port, '127.0.0.1', () => console.error('fake temporal: listening'));\n" +
        "setTimeout(() => { console.error('fake temporal: lost the clash'); process.exit(1); }, 300);\n",
    );
    const port = await freePort();
    const starting = startTemporalDevServer({ port, namespace: 'default', cliPath, cacheDir: dir, log: () => undefined });
    await assert.rejects(starting, /exited during start-up \(1\); its last lines:\n\s+fake temporal: listening\n\s+fake temporal: lost the clash/);
  });

  it('refuses a port something else already answers on, instead of taking it for its own server', async () => {
    const port = await freePort();
    const holder = await hold(port, '127.0.0.1');
    try {
      const cliPath = writeExecutable(path.join(dir, 'never-run'), '#!/bin/sh\necho should not run >&2\nexit 1\n');
      const starting = startTemporalDevServer({ port, namespace: 'default', cliPath, cacheDir: dir, log: () => undefined });
      await assert.rejects(starting, new RegExp(`Port ${port} \\(--port\\) is already in use`));
    } finally {
      await release(holder);
    }
  });
});
