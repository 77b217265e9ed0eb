import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SourceDoc } from '../../src/domain/playbook';
import { capabilityVocabulary } from '../../src/services/capability-vocabulary';
import { composePlaybook } from '../../src/services/how-to';
import { openAiCompatibleModel } from '../../src/services/llm';
import { llmCapabilities } from '../../src/services/task-capabilities';
import { writeResearchAnswer } from '../../src/services/company';
import type { CompanyPage } from '../../src/domain/company/types';

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
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            choices: [
              { index: 0, message: { role: 'assistant', content: typeof answer === 'string' ? answer : JSON.stringify(answer) }, finish_reason: 'stop' },
            ],
          }),
        );
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
    answer = {
      approach: 'Use Acme.',
      steps: ['Install acme', 'Send'],
      gotchas: [],
      deprecated: [],
      sources: ['https://acme.com/docs', 'https://made-up.example/blog'],
    };
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

  describe('research answers written by the model', () => {
    const page = (url: string, title: string, text: string): CompanyPage => ({
      url,
      finalUrl: url,
      kind: 'security',
      title,
      text,
      html: '',
      contentType: 'text/html',
      fetchedAt: '2026-11-20T10:00:00.000Z',
    });
    const pages = [
      page('http://acme.test/', 'Acme', 'Acme sends email for developers. Thousands of teams use Acme every day to reach their users.'),
      page(
        'http://acme.test/security',
        'Security at Acme',
        'Acme is SOC 2 Type II certified. Customer data is stored in Frankfurt, Germany. All data is encrypted at rest.',
      ),
      page('http://acme.test/about', 'About Acme', 'Acme was founded in 2015 in Lisbon. We are a remote team of forty people.'),
    ];

    it('keeps the model’s sentences whose citations hold up, and drops the rest', async () => {
      answer = {
        sentences: [
          { text: 'Customer data is kept in Frankfurt, Germany.', url: 'http://acme.test/security', snippet: 'Customer data is stored in Frankfurt, Germany.' },
          { text: 'Data is also mirrored to Virginia.', url: 'http://acme.test/security', snippet: 'Data is mirrored to Virginia.' },
          { text: 'Backups live in Iceland.', url: 'http://made-up.example/', snippet: 'Backups live in Iceland.' },
        ],
      };
      const a = await writeResearchAnswer('Where is customer data stored?', pages, llm());
      assert.equal(a.answered, true);
      assert.equal(a.answer, 'Customer data is kept in Frankfurt, Germany. [1]');
      assert.deepEqual(
        a.citations.map((c) => [c.url, c.snippet, c.fetchedAt]),
        [['http://acme.test/security', 'Customer data is stored in Frankfurt, Germany.', '2026-11-20T10:00:00.000Z']],
      );
    });

    for (const [label, bad] of [
      ['cites nothing that holds up', { sentences: [{ text: 'Stored on the moon.', url: 'http://acme.test/security', snippet: 'Stored on the moon.' }] }],
      ['answers the wrong shape', { answer: 'Frankfurt' }],
      ['fails', 'HTTP 500'],
    ] as const) {
      it(`falls back to the extractive answer when the model ${label}`, async () => {
        answer = bad;
        const a = await writeResearchAnswer('Where is customer data stored?', pages, llm());
        assert.equal(a.answered, true);
        assert.match(a.answer, /Customer data is stored in Frankfurt, Germany\. \[1\]/);
        assert.ok(a.citations.every((c) => pages.some((p) => p.finalUrl === c.url && p.text.includes(c.snippet))));
      });
    }
  });
});
