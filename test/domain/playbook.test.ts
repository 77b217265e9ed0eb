import assert from 'node:assert/strict';
import { buildPlaybook, installCommands, sentencesOf, type ResolvedTool, type SourceDoc } from '../../src/domain/playbook';

describe('extractive playbook', () => {
  const cases: Array<[string, string[]]> = [
    ['npm install resend', ['npm install resend']],
    ['$ pnpm add -D @scope/pkg', ['pnpm add -D @scope/pkg']],
    ['pip install stripe\ngo get github.com/acme/acme-go', ['pip install stripe', 'go get github.com/acme/acme-go']],
    ['Run npm install in your project folder to begin.', []],
    ['npm install resend\nnpm install resend', ['npm install resend']],
  ];
  for (const [text, expected] of cases) {
    it(`install commands of ${JSON.stringify(text)}`, () => assert.deepEqual(installCommands(text), expected));
  }

  it('splits sentences and drops fragments', () => {
    assert.deepEqual(sentencesOf('Create an API key. Then call the API.\nOK\nNote: keys expire after 90 days.'), ['Create an API key.', 'Then call the API.', 'Note: keys expire after 90 days.']);
  });

  const tool = (slug: string, name: string, readiness: number): ResolvedTool => ({ slug, name, domain: `${slug}.com`, readiness, matched: ['email.send'], capScore: 1, reason: `${name} covers email.send.` });
  const docs: SourceDoc[] = [
    { url: 'https://acme.com/llms.txt', tool: 'acme', kind: 'llms-txt', text: '# Acme\n> Email API.', links: [{ url: 'https://acme.com/docs/quickstart', title: 'Quickstart' }] },
    { url: 'https://acme.com/docs/quickstart', tool: 'acme', kind: 'docs', text: 'npm install acme\nCreate an API key in the dashboard.\nNote: sending is rate limited to 2 requests per second.\nThe v1 API is deprecated since 2025.' },
  ];

  it('builds every part from the sources and cites exactly them', () => {
    const p = buildPlaybook({ task: 'send email', asOf: '2026-11', capabilities: ['email.send'], tools: [tool('acme', 'Acme', 80), tool('other', 'Other', 70)], docs, packages: [{ name: 'acme', tool: 'acme', url: 'https://registry.npmjs.org/acme', deprecated: 'use @acme/node' }] });
    assert.match(p.approach, /^Use Acme \(acme\.com\): it covers email\.send \(1 of 1 capabilities\) with agent readiness 80\. Alternatives: Other\.$/);
    assert.deepEqual(p.steps.slice(0, 3), ['Sign up at Acme (acme.com) and create an API key.', 'Install: `npm install acme`', 'Read Quickstart: https://acme.com/docs/quickstart']);
    assert.ok(p.steps.includes('Create an API key in the dashboard.'));
    assert.deepEqual(p.gotchas, ['Acme: Note: sending is rate limited to 2 requests per second.']);
    assert.deepEqual(p.deprecated, ['acme (Acme): deprecated by its publisher: use @acme/node', 'Acme: The v1 API is deprecated since 2025.']);
    assert.deepEqual(p.sources, ['https://acme.com/llms.txt', 'https://acme.com/docs/quickstart', 'https://registry.npmjs.org/acme']);
    assert.match(p.recommendedTools[0].why, /2 of its pages were read/);
    assert.doesNotMatch(p.recommendedTools[1].why, /pages were read/);
  });

  it('says where to start when no page of the leading tool could be read, and cites nothing', () => {
    const p = buildPlaybook({ task: 'send email', asOf: '2026-11', capabilities: ['email.send'], tools: [tool('acme', 'Acme', 80)], docs: [], packages: [] });
    assert.deepEqual(p.steps, ["Start from Acme's documentation at https://acme.com; none of its pages could be read for this playbook."]);
    assert.deepEqual(p.sources, []);
  });
});
