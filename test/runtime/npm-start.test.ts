import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTemporalClient } from '../../src/temporal/connection';
import { jsonOf } from '../support/http';
import { processesMentioning, startEnv } from './processes';

const MAIN = path.resolve(__dirname, '../../src/main.js');

interface Started {
  child: ChildProcess;
  output: () => string;
  apiKey: string;
  ms: number;
}

/** Every app process started, so a failed assertion cannot leave one running (its command line names no data dir). */
const started: ChildProcess[] = [];

async function start(env: NodeJS.ProcessEnv): Promise<Started> {
  const began = Date.now();
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start not ready after 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      if (out.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before ready:\n${out}`));
    });
  });
  const apiKey = /Local API key\s+(adx_[0-9A-Za-z]{32})/.exec(out)?.[1];
  assert.ok(apiKey, `no API key printed:\n${out}`);
  return { child, output: () => out, apiKey, ms: Date.now() - began };
}

async function stop(s: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
  s.child.kill('SIGINT');
  return exited;
}

describe('npm start (embedded Postgres + Temporal dev server + API + worker)', function () {
  this.timeout(180_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let port: number;

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'agentdex-start-'));
    chmodSync(dataDir, 0o755);
    env = await startEnv(dataDir);
    port = Number(env.PORT);
  });
  after(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const pid of processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /health within 60 s, stops cleanly on Ctrl-C, and keeps its data for the next start', async () => {
    const first = await start(env);
    // real time: the README's promise for a first start of real Postgres and Temporal (about 15 s when quiet).
    assert.ok(first.ms < 60_000, `ready in ${first.ms} ms`);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(await jsonOf(health), { ok: true });
    assert.match(first.output(), /Temporal UI\s+http:\/\/127\.0\.0\.1:\d+/);
    // API and worker in one process: one scrape of /metrics carries the API's, the worker's and the SDK's.
    const call = await fetch(`http://127.0.0.1:${port}/v1/find-tools`, {
      method: 'POST',
      headers: { 'x-api-key': first.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'send transactional email' }),
    });
    assert.equal(call.status, 200);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.match(metrics, /^agentdex_metered_calls_total\{operation="findTools",outcome="admitted",reason=""\} 1$/m);
    assert.match(metrics, /^agentdex_activity_outcomes_total\{activity="findTools",outcome="completed"\} 1$/m);
    assert.match(metrics, /^temporal_\w+/m, "the Temporal SDK's runtime metrics follow ours");
    assert.ok(processesMentioning(dataDir).length >= 2, 'Postgres and Temporal run as children using the data dir');
    const temporal = createTemporalClient({ address: `127.0.0.1:${env.TEMPORAL_DEV_PORT}`, namespace: 'default' });
    try {
      const schedules: string[] = [];
      for await (const s of temporal.client.schedule.list()) schedules.push(s.scheduleId);
      assert.deepEqual(
        schedules.sort(),
        ['agentdex-audit-sweep', 'agentdex-maintenance', 'agentdex-usage-sync'],
        'the sweep, retention and usage-sync schedules exist after start-up',
      );
    } finally {
      await temporal.connection.close();
    }

    assert.equal(await stop(first), 0);
    assert.deepEqual(processesMentioning(dataDir), [], 'no orphan Postgres or Temporal process');

    const second = await start(env);
    assert.equal(second.apiKey, first.apiKey, 'the same workspace key is still valid: the database was kept');
    assert.doesNotMatch(second.output(), /Applied \d+ migration/, 'nothing to migrate the second time');
    const again = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(again.status, 200);
    assert.equal(await stop(second), 0);
    assert.deepEqual(processesMentioning(dataDir), []);
  });
});
