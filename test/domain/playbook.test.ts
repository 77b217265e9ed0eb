import assert from 'node:assert/strict';
import { docText } from '../../src/domain/doc-text';
import { buildPlaybook, installCommands, packageOfCommand, sentencesOf, type ResolvedTool, type SourceDoc } from '../../src/domain/playbook';
import { type Stack, stackOfCode, stackOfCommand, stacksOfTask } from '../../src/domain/stack';
import { HOWTO_DOC_PAGES } from '../fixture-web/howto-docs';

describe('extractive playbook', () => {
  const cases: Array<[string, string[]]> = [
    ['npm install resend', ['npm install resend']],
    ['$ pnpm add -D @scope/pkg', ['pnpm add -D @scope/pkg']],
    ['pip install stripe\ngo get github.com/acme/acme-go', ['pip install stripe', 'go get github.com/acme/acme-go']],
    ['Run npm install in your project folder to begin.', []],
    ['npm install resend\nnpm install resend', ['npm install resend']],
    ['Run `npm install prosemail` to add the SDK.', ['npm install prosemail']],
    [
      'poetry add acme\nuv add acme\ncomposer require acme/acme-php\ndotnet add package Acme.Net\nbundle add acme',
      ['poetry add acme', 'uv add acme', 'composer require acme/acme-php', 'dotnet add package Acme.Net', 'bundle add acme'],
    ],
    ["implementation 'com.acme:acme-java:1.2.0'", ["implementation 'com.acme:acme-java:1.2.0'"]],
  ];
  for (const [text, expected] of cases) {
    it(`install commands of ${JSON.stringify(text)}`, () => assert.deepEqual(installCommands(text), expected));
  }

  it('splits sentences and drops fragments', () => {
    assert.deepEqual(sentencesOf('Create an API key. Then call the API.\nOK\nNote: keys expire after 90 days.'), [
      'Create an API key.',
      'Then call the API.',
      'Note: keys expire after 90 days.',
    ]);
  });

  const tool = (slug: string, name: string, readiness: number): ResolvedTool => ({
    slug,
    name,
    domain: `${slug}.com`,
    readiness,
    matched: ['email.send'],
    capScore: 1,
    reason: `${name} covers email.send.`,
  });
  const docs: SourceDoc[] = [
    {
      url: 'https://acme.com/llms.txt',
      tool: 'acme',
      kind: 'llms-txt',
      text: '# Acme\n> Email API.',
      links: [{ url: 'https://acme.com/docs/quickstart', title: 'Quickstart' }],
    },
    {
      url: 'https://acme.com/docs/quickstart',
      tool: 'acme',
      kind: 'docs',
      text: 'npm install acme\nCreate an API key in the dashboard.\nNote: sending is rate limited to 2 requests per second.\nThe v1 API is deprecated since 2025.',
    },
  ];

  it('builds every part from the sources and cites exactly them', () => {
    const p = buildPlaybook({
      task: 'send email',
      asOf: '2026-11',
      capabilities: ['email.send'],
      tools: [tool('acme', 'Acme', 80), tool('other', 'Other', 70)],
      docs,
      packages: [{ name: 'acme', tool: 'acme', url: 'https://registry.npmjs.org/acme', deprecated: 'use @acme/node' }],
    });
    assert.match(p.approach, /^Use Acme \(acme\.com\): it covers email\.send \(1 of 1 capabilities\) with agent readiness 80\. Alternatives: Other\.$/);
    assert.deepEqual(p.steps.slice(0, 4), [
      'Install: `npm install acme`',
      'Sign up at Acme (acme.com) and create an API key.',
      'Create an API key in the dashboard.',
      'Read Quickstart: https://acme.com/docs/quickstart',
    ]);
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

  describe('the task’s own stack', () => {
    const stacks: Array<[string, Stack[]]> = [
      ['send transactional email from a Node.js app', ['node']],
      ['send email from my Next.js site', ['node']],
      ['send email from an Express server', ['node']],
      ['react to payment webhooks', []],
      ['add search to a Django app', ['python']],
      ['upload files from FastAPI', ['python']],
      ['send SMS from a Go service', ['go']],
      ['let go of stale sessions', []],
      ['charge cards in Rails', ['ruby']],
      ['queue jobs in Laravel', ['php']],
      ['store files from Spring Boot', ['java']],
      ['send email from ASP.NET', ['dotnet']],
      ['send email in C#', ['dotnet']],
      ['call an LLM from Rust', ['rust']],
      ['push notifications from a SwiftUI app', ['swift']],
      ['send transactional email', []],
      ['port the Python script to TypeScript', ['node', 'python']],
    ];
    for (const [task, expected] of stacks) it(`reads ${JSON.stringify(expected)} from "${task}"`, () => assert.deepEqual(stacksOfTask(task), expected));

    it('knows each package manager’s stack and the package it installs', () => {
      assert.deepEqual(
        ['npm i -D @a/b@2', 'yarn add tabmail', 'pip install tabmail[async]==2.0', 'go get github.com/a/b', 'cargo add acme', 'brew install acme'].map((c) => [
          stackOfCommand(c),
          packageOfCommand(c),
        ]),
        [
          ['node', '@a/b'],
          ['node', 'tabmail'],
          ['python', 'tabmail'],
          ['go', 'github.com/a/b'],
          ['rust', 'acme'],
          [undefined, 'acme'],
        ],
      );
      assert.equal(stackOfCode("const x = require('acme');"), 'node');
      assert.equal(stackOfCode('from acme import Client'), 'python');
      assert.equal(stackOfCode('client := acme.New(key)'), 'go');
      assert.equal(stackOfCode('curl https://api.acme.com/send'), undefined);
    });

    // Each fixture docs site (test/fixture-web/howto-docs.ts), reduced as the crawler reduces it.
    const docsOf = (host: string): SourceDoc[] =>
      Object.entries(HOWTO_DOC_PAGES[host])
        .filter(([path]) => path.startsWith('/docs') || path === '/llms.txt')
        .map(([path, page]) => ({ url: `http://${host}${path}`, tool: host, kind: 'docs', text: docText(page.body, page.type) }));
    const playbookOf = (host: string, task: string) =>
      buildPlaybook({
        task,
        asOf: '2026-11',
        capabilities: ['email.send'],
        tools: [{ ...tool(host, host.split('.')[0], 90), domain: host }],
        docs: docsOf(host),
        packages: [],
      });
    const installs = (steps: string[]) => steps.filter((s) => s.startsWith('Install'));
    const phase = (s: string) =>
      s.startsWith('Install') ? 0 : /API key|_API_KEY|_TOKEN|Set the key/.test(s) && !s.startsWith('First call') ? 1 : /^Check/.test(s) ? 3 : 2;

    const table: Array<{ host: string; task: string; installs: string[]; env?: string; snippet?: string; gotchas: RegExp[]; absent?: RegExp[] }> = [
      {
        host: 'tabmail.test',
        task: 'send transactional email from a Node.js app',
        installs: ['Install: `npm install tabmail`'],
        env: 'TABMAIL_API_KEY',
        snippet: 'Node.js',
        gotchas: [/Test keys .* live key/, /rate limited to 10 requests per second/, /verify the Tabmail-Signature header/],
        absent: [/pip install|go get|gem install|yarn add/, /^Install the SDK/, /Python/],
      },
      {
        host: 'tabmail.test',
        task: 'send transactional email',
        installs: [
          'Install: `npm install tabmail`',
          'Install: `pip install tabmail`',
          'Install: `go get github.com/tabmail/tabmail-go`',
          'Install: `gem install tabmail`',
        ],
        env: 'TABMAIL_API_KEY',
        snippet: 'Node.js',
        gotchas: [/Test keys/, /rate limited/, /Webhook events are signed/],
        absent: [/yarn add/, /^Install the SDK/],
      },
      {
        host: 'tabmail.test',
        task: 'send transactional email from Django',
        installs: ['Install: `pip install tabmail`'],
        env: 'TABMAIL_API_KEY',
        snippet: 'Python',
        gotchas: [/Test keys/],
        absent: [/npm install|go get|gem install/],
      },
      {
        host: 'sectionmail.test',
        task: 'send transactional email from a Node.js app',
        installs: ['Install: `npm install sectionmail`'],
        env: 'SECTIONMAIL_API_KEY',
        snippet: 'Node.js',
        gotchas: [/sandbox key/, /retries a failed webhook delivery/],
        absent: [/pip install|composer require/, /Python 3\.9/],
      },
      {
        host: 'sectionmail.test',
        task: 'send email from a Laravel app',
        installs: ['Install: `composer require sectionmail/sectionmail-php`'],
        // Only the Node and Python sections name the variable and the sandbox key: no PHP step may claim them.
        gotchas: [/retries a failed webhook delivery/],
        absent: [/npm install|pip install/, /First call \(Node/, /sandbox key/],
      },
      {
        host: 'llmsmail.test',
        task: 'send transactional email from an Express server',
        installs: ['Install: `npm install @llmsmail/node`'],
        env: 'LLMSMAIL_API_KEY',
        snippet: 'Node.js',
        gotchas: [/Live keys are rate limited/, /Verify the signature of every webhook/],
        absent: [/pip install|go get/, /Read Python quickstart/, /\[Webhooks\]/],
      },
      {
        host: 'prosemail.test',
        task: 'send transactional email from a Node.js app',
        installs: ['Install: `npm install prosemail`'],
        env: 'PROSEMAIL_TOKEN',
        snippet: 'Node.js',
        gotchas: [],
        absent: [/pip install/, /^Install the SDK/, /^Run /],
      },
      {
        host: 'prosemail.test',
        task: 'send transactional email',
        installs: ['Install: `npm install prosemail`', 'Install: `pip install prosemail`'],
        env: 'PROSEMAIL_TOKEN',
        gotchas: [],
        absent: [/^Install the SDK/],
      },
    ];
    for (const c of table) {
      it(`${c.host}, "${c.task}": ${c.installs.length} install step(s), in working order, no repeats`, () => {
        const p = playbookOf(c.host, c.task);
        const all = p.steps.join(' | ');
        assert.deepEqual(installs(p.steps), c.installs, all);
        assert.equal(new Set(p.steps).size, p.steps.length, `no step twice: ${all}`);
        const phases = p.steps.map(phase);
        assert.deepEqual(phases, [...phases].sort(), `install → authenticate → first call → check: ${all}`);
        const signUp = p.steps.find((s) => s.startsWith('Sign up')) ?? '';
        if (c.env) assert.ok(signUp.includes(`\`${c.env}\``), `the key's environment variable as the docs name it: ${all}`);
        else assert.doesNotMatch(signUp, /environment variable/);
        if (c.snippet) assert.ok(p.steps.find((s) => s.startsWith('First call'))?.startsWith(`First call (${c.snippet})`), all);
        for (const g of c.gotchas)
          assert.ok(
            p.gotchas.some((x) => g.test(x)),
            `${g}: ${p.gotchas.join(' | ')}`,
          );
        for (const a of c.absent ?? []) assert.ok(!p.steps.some((s) => a.test(s)) && !p.gotchas.some((s) => a.test(s)), `${a} absent: ${all}`);
      });
    }

    it('orders the tabbed quick start install → key → first call → check, and keeps another stack’s deprecation out', () => {
      const p = playbookOf('tabmail.test', 'send transactional email from a Node.js app');
      assert.deepEqual(
        p.steps.map((s) => s.split('\n')[0]),
        [
          'Install: `npm install tabmail`',
          'Sign up at tabmail (tabmail.test), create an API key and set it as the `TABMAIL_API_KEY` environment variable (the name its docs use).',
          'Create an API key in the dashboard.',
          'First call (Node.js):',
          'Check the response: it holds the message id, and the dashboard logs show its delivery status.',
        ],
      );
      assert.ok(p.steps[3].includes('process.env.TABMAIL_API_KEY'));
      assert.deepEqual(p.deprecated, ['tabmail: The v1 /send endpoint is deprecated; use /v2/emails instead.']);
      assert.equal(playbookOf('tabmail.test', 'send transactional email').deprecated.length, 2);
    });

    it('keeps a bare "Install the SDK" only when the docs give no command', () => {
      const docs: SourceDoc[] = [
        { url: 'https://acme.com/docs', tool: 'acme', kind: 'docs', text: 'Install the SDK from your package manager.\nCreate an API key.' },
      ];
      const p = buildPlaybook({ task: 'send email', asOf: '2026-11', capabilities: ['email.send'], tools: [tool('acme', 'Acme', 80)], docs, packages: [] });
      assert.equal(p.steps[0], 'Install the SDK from your package manager.');
    });

    it('lists an npm package’s deprecation only when the task’s stack is Node or unnamed', () => {
      const packages = [{ name: 'acme', tool: 'acme', url: 'https://registry.npmjs.org/acme', deprecated: 'use @acme/node' }];
      const run = (task: string) =>
        buildPlaybook({ task, asOf: '2026-11', capabilities: ['email.send'], tools: [tool('acme', 'Acme', 80)], docs, packages }).deprecated;
      assert.equal(run('send email from Flask').filter((d) => d.startsWith('acme (Acme)')).length, 0);
      assert.equal(run('send email from Node').filter((d) => d.startsWith('acme (Acme)')).length, 1);
    });
  });
});
