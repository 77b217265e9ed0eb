import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SourceDoc } from '../../src/domain/playbook';
import { capabilityVocabulary } from '../../src/services/capability-vocabulary';
import { composePlaybook } from '../../src/services/how-to';
import { openAiCompatibleModel } from '../../src/services/llm';
import { llmCapabilities } from '../../src/services/resolve';

// A paid model cannot run here, so a local server speaks the OpenAI chat completions protocol and answers
// what a model might: sometimes right, sometimes citing pages it never saw or ids outside the vocabulary.
describe('optional language model paths', () => {
  let server: http.Server;
  let baseUrl: string;
  let answer: unknown = {};
  const requests: Array<{ auth?: string; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];

  before(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
        if (answer === 'HTTP 500') return void res.writeHead(500).end('{}');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: typeof answer === 'string' ? answer : JSON.stringify(answer) }, finish_reason: 'stop' }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise((r) => server.close(r)));

  const llm = () => openAiCompatibleModel({ baseUrl, apiKey: 'sk-test', model: 'test-model' });
  const docs: SourceDoc[] = [{ url: 'https://acme.com/docs', tool: 'acme', kind: 'docs', text: 'npm install acme\nCreate an API key.' }];
  const input = {
    task: 'send email',
    asOf: '2026-11',
    capabilities: ['email.send'],
    tools: [{ slug: 'acme', name: 'Acme', domain: 'acme.com', readiness: 80, matched: ['email.send'], capScore: 1, reason: 'Acme covers email.send.' }],
    docs,
    packages: [],
  };

  it('uses the model’s wording but cites only pages that were fetched', async () => {
    answer = { approach: 'Use Acme.', steps: ['Install acme', 'Send'], gotchas: [], deprecated: [], sources: ['https://acme.com/docs', 'https://made-up.example/blog'] };
    const p = await composePlaybook(input, llm());
    assert.equal(p.approach, 'Use Acme.');
    assert.deepEqual(p.sources, ['https://acme.com/docs']);
    const last = requests[requests.length - 1];
    assert.equal(last.auth, 'Bearer sk-test');
    assert.equal(last.body.model, 'test-model');
    assert.match(last.body.messages[1].content, /https:\/\/acme\.com\/docs/);
  });

  for (const [label, bad] of [
    ['cites only unfetched pages', { approach: 'x', steps: ['y'], gotchas: [], deprecated: [], sources: ['https://made-up.example/'] }],
    ['answers the wrong shape', { text: 'hello' }],
    ['answers text that is not JSON', 'Sure! Here is your playbook'],
    ['fails', 'HTTP 500'],
  ] as const) {
    it(`falls back to the extractive playbook when the model ${label}`, async () => {
      answer = bad;
      const p = await composePlaybook(input, llm());
      assert.match(p.approach, /^Use Acme \(acme\.com\)/);
      assert.deepEqual(p.sources, ['https://acme.com/docs']);
    });
  }

  it('keeps only vocabulary ids from the model’s capabilities', async () => {
    answer = { capabilities: ['email.send', 'made.up', 'sms.send'] };
    assert.deepEqual(await llmCapabilities(llm(), 'notify users', capabilityVocabulary().matcher.vocabulary), ['email.send', 'sms.send']);
    answer = 'HTTP 500';
    assert.deepEqual(await llmCapabilities(llm(), 'notify users', capabilityVocabulary().matcher.vocabulary), []);
  });
});
