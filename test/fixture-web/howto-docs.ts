import { page, send, type SiteHandler } from './respond';

/**
 * Email vendors whose docs show the same quick start in the layouts real docs use, for how-to playbooks that
 * must keep the task's own stack: a tabbed multi-language quick start (tabmail), one long page with a section
 * per language (sectionmail), an llms.txt pointing at per-language pages (llmsmail), and an install command
 * inside a sentence (prosemail). Each also says what trips callers up: test vs live keys, rate limits,
 * webhooks, deprecations. Pages are exported so unit tests read the same text the crawler does.
 */

export interface FixturePage {
  type: string;
  body: string;
}

const HTML = 'text/html; charset=utf-8';

function homepage(name: string): FixturePage {
  const tagline = 'Transactional email API: send email from any app';
  return {
    type: HTML,
    body: page(
      `${name}: ${tagline}`,
      `<h1>${name}</h1><p>${tagline}. ${'Built for developers and agents. '.repeat(6)}</p><a href="/docs">Docs</a> <a href="/pricing">Pricing</a>`,
      `<meta name="description" content="${tagline}.">`,
    ),
  };
}

const robots: FixturePage = { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
const pricing: FixturePage = { type: HTML, body: page('Pricing', '<p>Free tier. $20/month. Sign up</p>') };

const tab = (id: string, content: string) => `<div role="tabpanel" id="panel-${id}" aria-labelledby="tab-${id}">${content}</div>`;

export const HOWTO_DOC_PAGES: Record<string, Record<string, FixturePage>> = {
  // A tabbed quick start: the code blocks carry no language class, the tab they sit in names it.
  'tabmail.test': {
    '/robots.txt': robots,
    '/': homepage('Tabmail'),
    '/pricing': pricing,
    '/docs': {
      type: HTML,
      body: page(
        'Tabmail quick start',
        `<h1>Quick start</h1>
<p>Install the SDK for your language.</p>
<div class="tabs"><div role="tablist">
<button role="tab" id="tab-node">Node.js</button><button role="tab" id="tab-py">Python</button><button role="tab" id="tab-go">Go</button><button role="tab" id="tab-rb">Ruby</button>
</div>
${tab('node', '<pre><code>npm install tabmail</code></pre><p>or</p><pre><code>yarn add tabmail</code></pre>')}
${tab('py', '<pre><code>pip install tabmail</code></pre>')}
${tab('go', '<pre><code class="language-go">go get github.com/tabmail/tabmail-go</code></pre>')}
${tab('rb', '<pre><code>gem install tabmail</code></pre>')}
</div>
<h2>Authenticate</h2>
<p>Create an API key in the dashboard.</p><p>Set it as TABMAIL_API_KEY in your environment.</p>
<p>Test keys (tm_test_...) only deliver to your own address; use a live key in production.</p>
<h2>Send your first email</h2>
<div class="tabs"><div role="tablist"><button role="tab" id="tab-node2">Node.js</button><button role="tab" id="tab-py2">Python</button><button role="tab" id="tab-go2">Go</button></div>
${tab(
  'node2',
  `<pre><code>import { Tabmail } from 'tabmail';
const tabmail = new Tabmail(process.env.TABMAIL_API_KEY);
const { id } = await tabmail.emails.send({ from: 'you@example.com', to: 'them@example.com', subject: 'Hi', text: 'Hello' });</code></pre>`,
)}
${tab(
  'py2',
  `<pre><code>import os
from tabmail import Tabmail
client = Tabmail(os.environ["TABMAIL_API_KEY"])
client.emails.send(sender="you@example.com", to="them@example.com", subject="Hi", text="Hello")</code></pre>`,
)}
${tab(
  'go2',
  `<pre><code>client := tabmail.New(os.Getenv("TABMAIL_API_KEY"))
id, err := client.Emails.Send(ctx, tabmail.Email{To: "them@example.com"})</code></pre>`,
)}
</div>
<p>Check the response: it holds the message id, and the dashboard logs show its delivery status.</p>
<h2>Limits and webhooks</h2>
<p>The API is rate limited to 10 requests per second per key; a 429 response means wait and retry.</p>
<p>Webhook events are signed: verify the Tabmail-Signature header with your signing secret before trusting one.</p>
<p>The v1 /send endpoint is deprecated; use /v2/emails instead.</p>
<p>The Python package tabmail-legacy is deprecated; install tabmail instead.</p>`,
      ),
    },
  },

  // One long page, a section per language; code blocks carry no language, the section heading names it.
  'sectionmail.test': {
    '/robots.txt': robots,
    '/': homepage('Sectionmail'),
    '/pricing': pricing,
    '/docs': {
      type: HTML,
      body: page(
        'Sectionmail docs',
        `<h1>Sectionmail docs</h1><p>Get an API key from the dashboard first.</p>
<h2>Node.js</h2><pre><code>$ npm install sectionmail</code></pre>
<h3>Send an email</h3><pre><code>const mail = require('sectionmail')(process.env.SECTIONMAIL_API_KEY);
await mail.send({ to: 'them@example.com', subject: 'Hi' });</code></pre>
<p>Use the sandbox key while testing: messages to it are accepted but never delivered.</p>
<h2>Python</h2><pre><code>$ pip install sectionmail</code></pre>
<h3>Send an email</h3><pre><code>mail = sectionmail.Client(os.environ["SECTIONMAIL_API_KEY"])
mail.send(to="them@example.com", subject="Hi")</code></pre>
<p>Note: the Python client needs Python 3.9 or newer.</p>
<h2>PHP</h2><pre><code>composer require sectionmail/sectionmail-php</code></pre>
<h2>Webhooks</h2><p>Sectionmail retries a failed webhook delivery up to 5 times, so the same event may arrive twice.</p>`,
      ),
    },
  },

  // llms.txt pointing at one page per language (Python listed first), plus a page for every stack.
  'llmsmail.test': {
    '/robots.txt': robots,
    '/': homepage('Llmsmail'),
    '/pricing': pricing,
    '/llms.txt': {
      type: 'text/markdown',
      body: `# Llmsmail

> Transactional email API.

## Docs

- [Python quickstart](http://llmsmail.test/docs/python): install the SDK and send a first email
- [Node.js quickstart](http://llmsmail.test/docs/node): install the SDK and send a first email
- [Go quickstart](http://llmsmail.test/docs/go): install the SDK and send a first email
- [Webhooks](http://llmsmail.test/docs/webhooks): events, signatures and retries
`,
    },
    '/docs/python': {
      type: HTML,
      body: page(
        'Python quickstart',
        `<h1>Python quickstart</h1><pre><code class="language-bash">pip install llmsmail</code></pre>
<p>Read the key from LLMSMAIL_API_KEY.</p>
<pre><code class="language-python">client = llmsmail.Client(os.environ["LLMSMAIL_API_KEY"])
client.send(to="them@example.com")</code></pre>`,
      ),
    },
    '/docs/node': {
      type: HTML,
      body: page(
        'Node.js quickstart',
        `<h1>Node.js quickstart</h1><pre><code class="language-bash">npm install @llmsmail/node</code></pre>
<p>Create an API key and export it as LLMSMAIL_API_KEY.</p>
<pre><code class="language-bash">export LLMSMAIL_API_KEY=lm_live_123</code></pre>
<pre><code class="language-ts">import { Llmsmail } from '@llmsmail/node';
const client = new Llmsmail(process.env.LLMSMAIL_API_KEY);
const sent = await client.send({ to: 'them@example.com', subject: 'Hi' });
console.log(sent.id);</code></pre>
<p>Check the returned id in the dashboard's activity log.</p>`,
      ),
    },
    '/docs/go': {
      type: HTML,
      body: page('Go quickstart', '<h1>Go quickstart</h1><pre><code class="language-bash">go get github.com/llmsmail/llmsmail-go</code></pre>'),
    },
    '/docs/webhooks': {
      type: HTML,
      body: page(
        'Webhooks',
        '<h1>Webhooks</h1><p>Verify the signature of every webhook with your endpoint secret; unsigned requests are not from Llmsmail.</p><p>Live keys are rate limited to 5 requests per second.</p>',
      ),
    },
  },

  // The install command sits inside a sentence, as inline code.
  'prosemail.test': {
    '/robots.txt': robots,
    '/': homepage('Prosemail'),
    '/pricing': pricing,
    '/docs': {
      type: HTML,
      body: page(
        'Prosemail docs',
        `<h1>Getting started</h1>
<p>Run <code>npm install prosemail</code> to add the SDK to your project.</p>
<p>Python developers use <code>pip install prosemail</code> instead.</p>
<p>Install the SDK.</p>
<p>Pass your API key as PROSEMAIL_TOKEN.</p>
<pre><code class="language-js">const prosemail = require('prosemail');
await prosemail.send({ to: 'them@example.com' });</code></pre>
<p>Send your first message with the snippet above.</p>`,
      ),
    },
  },
};

function serve(pages: Record<string, FixturePage>): SiteHandler {
  return (_req, res, ctx) => {
    const p = pages[ctx.path];
    if (!p) return send(res, 404, 'text/plain', 'not found');
    send(res, 200, p.type, p.body);
  };
}

export const HOWTO_SITES: Record<string, SiteHandler> = Object.fromEntries(Object.entries(HOWTO_DOC_PAGES).map(([host, pages]) => [host, serve(pages)]));
