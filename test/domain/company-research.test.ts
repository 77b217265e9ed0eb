import assert from 'node:assert/strict';
import { answerQuestion, checkCitedAnswer, chunkPages, findVerbatim, rankPassages } from '../../src/domain/company/research';
import type { CompanyPage, PageKind, ResearchAnswer } from '../../src/domain/company/types';

const FETCHED_AT = '2026-11-20T09:00:00.000Z';

function page(kind: PageKind, path: string, title: string, lines: string[], host = 'www.larkpost.io'): CompanyPage {
  const url = `https://${host}${path}`;
  const text = `${lines.join('\n')}\n`;
  return { url, finalUrl: url, kind, title, text, html: '', contentType: 'text/html', fetchedAt: FETCHED_AT };
}

// Navigation lines lead every page, as the crawler's readable text keeps them.
const NAV = ['Product', 'Pricing', 'Docs', 'Security', 'Changelog', 'Sign in'];

const home = page('home', '/', 'Larkpost | Transactional email API for developers', [
  ...NAV,
  'Email that lands in the inbox',
  'Larkpost is a transactional email API that lets product teams send receipts, password resets and alerts from their own code.',
  'Messages go out through dedicated sending infrastructure that is warmed up and monitored around the clock, so deliverability stays high as volume grows.',
  'Developers integrate in minutes with a REST API, SMTP relay or one of our official SDKs.',
  'Built for scale',
  'More than 4,000 companies send over 900 million messages a month through Larkpost.',
  'Webhooks report deliveries, bounces, opens and clicks in real time, and every event is searchable for 30 days.',
  'We use cookies to improve your experience. Accept all cookies.',
]);

const about = page('about', '/about', 'About us | Larkpost', [
  ...NAV,
  'About Larkpost',
  'Larkpost was founded in 2017 in Dublin, Ireland by Aoife Brennan and Tomasz Nowak, two engineers who had run email infrastructure at a large airline.',
  'The company is headquartered in Dublin and has a second office in Lisbon.',
  'Our team',
  'Today a team of 85 people works across engineering, deliverability and support.',
  'Larkpost raised a Series B round of $40 million in 2023, led by Northzone, to expand into North America.',
  'We are profitable and independent, and we answer support tickets with engineers rather than scripts.',
]);

const security = page('security', '/security', 'Security and compliance | Larkpost', [
  ...NAV,
  'Security at Larkpost',
  'Security is part of how we build every feature, from code review to incident response.',
  'Compliance',
  'Larkpost is SOC 2 Type II certified, and the report is renewed every year by an independent auditor.',
  'We are also ISO 27001 certified and can share the certificate and the latest SOC 2 report under NDA.',
  'Data residency',
  'Customer data is stored in AWS data centres in Frankfurt, Germany, and never leaves the European Union.',
  'Backups are encrypted with AES-256 and kept in a second EU region for 35 days.',
  'Access control',
  'Employees reach production systems only through single sign-on with hardware security keys, and every access is logged.',
]);

const docs = page('docs', '/docs', 'API reference | Larkpost Docs', [
  ...NAV,
  'Getting started',
  'Create an API key in the dashboard and send your first message with a single POST request to the /v1/messages endpoint.',
  'Requests and responses are JSON, and every request must carry the key in the Authorization header.',
  'SDKs',
  'Official SDKs are available for these languages:',
  'Node.js',
  'Python',
  'Go',
  'Ruby',
  'PHP',
  'Community libraries exist for Elixir and Rust, but we do not maintain them.',
  'Rate limits',
  'Each API key may make 100 requests per second, with bursts of up to 200 requests.',
  'Requests over the limit receive HTTP 429 with a Retry-After header.',
  'Errors',
  'An unknown message ID returns 404 Not Found, and a malformed body returns 400 with a list of the invalid fields.',
]);

const pricing = page('pricing', '/pricing', 'Pricing | Larkpost', [
  ...NAV,
  'Simple pricing that grows with you',
  'The Free plan includes 3,000 emails a month and one sending domain.',
  'The Pro plan costs $20 a month for 50,000 emails, with extra emails at $0.80 per thousand.',
  'Enterprise plans with dedicated IPs and a support SLA are priced on request.',
  'Refunds',
  'If you cancel within 14 days of your first payment, we refund the full amount, no questions asked.',
  'After that, cancellations take effect at the end of the billing period and unused emails are not refunded.',
]);

const legal = page('legal', '/legal/terms', 'Terms of Service | Larkpost', [
  ...NAV,
  'Terms of Service',
  'These terms govern your use of the Larkpost service and form a contract between you and Larkpost Limited, a company registered in Ireland.',
  'You must not use the service to send unsolicited bulk email, and we may suspend accounts that do.',
  'Liability',
  'Our total liability under these terms is limited to the fees you paid in the twelve months before the claim.',
  'These terms are governed by the laws of Ireland.',
]);

const changelog = page('changelog', '/changelog', 'Changelog | Larkpost', [
  ...NAV,
  'March 2026',
  'Inbound email parsing is now generally available, with attachments up to 25 MB.',
  'The dashboard shows bounce reasons grouped by mailbox provider.',
  'January 2026',
  'Scheduled sending lets you queue a message up to 72 hours ahead.',
  'The Go SDK reached version 2.0 with context support on every call.',
]);

const site = [home, about, security, docs, pricing, legal, changelog];

/** The answer's sentences, each with the citation its marker names; fails when a sentence has no valid marker. */
function citedSentences(result: ResearchAnswer): Array<{ text: string; citation: ResearchAnswer['citations'][number] }> {
  const parts = [...result.answer.matchAll(/(.+?) \[(\d+)\](?: |$)/g)];
  assert.equal(parts.map((m) => m[0]).join(''), result.answer, 'every sentence ends with a marker');
  return parts.map((m) => {
    const citation = result.citations[Number(m[2]) - 1];
    assert.ok(citation, `marker [${m[2]}] names a citation`);
    return { text: m[1], citation };
  });
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Every citation names a fetched page, quotes it verbatim, and backs a sentence that is itself on that page. */
function assertGrounded(result: ResearchAnswer, pages: CompanyPage[]): void {
  for (const { text, citation } of citedSentences(result)) {
    const source = pages.find((p) => p.finalUrl === citation.url);
    assert.ok(source, `${citation.url} is a fetched page`);
    assert.ok(source.text.includes(citation.snippet), `snippet is verbatim: ${citation.snippet}`);
    assert.equal(citation.title, source.title);
    assert.equal(citation.fetchedAt, source.fetchedAt);
    assert.ok(flat(source.text).includes(text), `sentence is extractive: ${text}`);
  }
}

describe('company research', () => {
  describe('chunkPages', () => {
    const passages = chunkPages(site);

    it('remembers each passage page and its exact span', () => {
      assert.ok(passages.length >= site.length);
      for (const p of passages) {
        const source = site.find((s) => s.finalUrl === p.url)!;
        assert.equal(source.text.slice(p.start, p.end), p.text);
        assert.equal(p.title, source.title);
        assert.equal(p.fetchedAt, source.fetchedAt);
        assert.equal(p.kind, source.kind);
        for (const s of p.sentences) assert.equal(source.text.slice(s.start, s.end), s.text);
      }
    });

    it('attaches a heading to the passage it introduces and drops navigation', () => {
      const rates = passages.find((p) => p.text.includes('100 requests per second'))!;
      assert.equal(rates.heading, 'Rate limits');
      assert.ok(rates.text.startsWith('Rate limits\n'));
      assert.ok(!passages.some((p) => p.text.startsWith('Product\n')));
    });

    it('keeps sentence boundaries and a list with the sentence that introduces it', () => {
      const sdks = passages.find((p) => p.heading === 'SDKs')!;
      assert.equal(sdks.sentences[0].text, 'Official SDKs are available for these languages:\nNode.js\nPython\nGo\nRuby\nPHP');
      const founding = passages.flatMap((p) => p.sentences).find((s) => s.text.startsWith('Larkpost was founded'))!;
      assert.ok(founding.text.endsWith('at a large airline.'));
      const dotted = page('other', '/faq', 'FAQ | Larkpost', [
        'Some providers, e.g. Gmail and Outlook, throttle new domains. Warm-up takes about two weeks in the U.S. Market.',
      ]);
      assert.deepEqual(
        chunkPages([dotted])[0].sentences.map((s) => s.text),
        ['Some providers, e.g. Gmail and Outlook, throttle new domains.', 'Warm-up takes about two weeks in the U.S. Market.'],
      );
    });

    it('cuts a long section into passages of about 60 to 120 words', () => {
      const sentence = 'Each region runs its own queue, retries failed deliveries with backoff, and reports the outcome to the dashboard.';
      const long = page('docs', '/docs/queues', 'Queues | Larkpost Docs', ['Queues', ...Array.from({ length: 12 }, () => sentence)]);
      const cut = chunkPages([long]);
      assert.ok(cut.length >= 2);
      for (const p of cut) {
        const words = p.text.split(/\s+/).length;
        assert.ok(words <= 121 && words >= 30, `${words} words`);
        assert.equal(p.heading, 'Queues');
      }
      assert.ok(cut[0].text.startsWith('Queues\n') && !cut[1].text.startsWith('Queues'));
    });
  });

  describe('rankPassages', () => {
    it('ranks the passage that answers first', () => {
      const [best] = rankPassages('What is the API rate limit?', chunkPages(site), 3);
      assert.equal(best.passage.heading, 'Rate limits');
    });

    it('ranks a one-passage site, which BM25 alone cannot consolidate', () => {
      const one = page('home', '/', 'Larkpost', ['Larkpost sends transactional email for developers through a REST API.']);
      const ranked = rankPassages('transactional email', chunkPages([one]), 3);
      assert.equal(ranked.length, 1);
      assert.ok(ranked[0].score > 0);
    });
  });

  describe('answerQuestion', () => {
    const cases: Array<[string, CompanyPage, RegExp]> = [
      ['Is it SOC 2 certified?', security, /SOC 2 Type II certified/],
      ['Where is customer data stored?', security, /Frankfurt/],
      ['What is the API rate limit?', docs, /100 requests per second/],
      ['When was the company founded?', about, /founded in 2017/],
      ['Which SDK languages are supported?', docs, /Node\.js/],
      ['What is the refund policy?', pricing, /refund the full amount/],
      ['How much does the Pro plan cost?', pricing, /\$20 a month/],
      ['Which laws govern the terms?', legal, /laws of Ireland/],
    ];
    for (const [question, source, says] of cases) {
      it(`${question} → ${source.kind} page`, () => {
        const result = answerQuestion(question, site);
        assert.equal(result.answered, true, result.answer);
        assert.match(result.answer, says);
        const sentences = citedSentences(result);
        assert.ok(sentences.length >= 1 && sentences.length <= 4);
        const answering = sentences.find((s) => says.test(s.text))!;
        assert.equal(answering.citation.url, source.finalUrl);
        assertGrounded(result, site);
      });
    }

    for (const question of [
      "Who is the CEO's favourite football team?",
      'Do they offer on-premise deployment in China?',
      'What is the weather in Lisbon tomorrow?',
    ]) {
      it(`does not answer ${JSON.stringify(question)}`, () => {
        const result = answerQuestion(question, site);
        assert.equal(result.answered, false, result.answer);
        assert.deepEqual(result.citations, []);
        assert.match(result.answer, /^The 7 pages fetched .* do not answer/);
      });
    }

    it('gives an overview from the home and about pages without a question', () => {
      for (const question of [undefined, '', '  ']) {
        const result = answerQuestion(question, site);
        assert.equal(result.answered, true);
        assert.match(result.answer, /^Larkpost is a transactional email API/);
        assert.doesNotMatch(result.answer, /cookies/);
        assert.deepEqual([...new Set(result.citations.map((c) => c.url))], [home.finalUrl, about.finalUrl]);
        assertGrounded(result, site);
      }
    });

    it('answers from a two-page site', () => {
      const pages = [home, pricing];
      const result = answerQuestion('Is there a free plan?', pages);
      assert.equal(result.answered, true, result.answer);
      assert.match(result.answer, /Free plan includes 3,000 emails/);
      assert.equal(result.citations[0].url, pricing.finalUrl);
      assertGrounded(result, pages);
      const unanswered = answerQuestion('Is it SOC 2 certified?', pages);
      assert.equal(unanswered.answered, false);
      assert.match(unanswered.answer, /^The 2 pages/);
    });

    it('answers from a one-page site, and gives its overview', () => {
      const pages = [home];
      const result = answerQuestion('How many messages are sent each month?', pages);
      assert.equal(result.answered, true, result.answer);
      assert.match(result.answer, /900 million messages a month/);
      assertGrounded(result, pages);
      assert.match(answerQuestion(undefined, pages).answer, /^Larkpost is a transactional email API/);
      assert.match(answerQuestion('What is the refund policy?', pages).answer, /^The one page fetched .* does not answer/);
    });

    it('trims a long sentence to a verbatim snippet of at most 300 characters on a word boundary', () => {
      const long = `Larkpost keeps delivery logs ${'for every message, recipient, attempt and mailbox provider response '.repeat(6)}for thirty days.`;
      const pages = [page('docs', '/docs/logs', 'Logs | Larkpost Docs', ['Logs', long])];
      const result = answerQuestion('How long are delivery logs kept?', pages);
      const [citation] = result.citations;
      assert.ok(citation.snippet.length <= 300 && citation.snippet.length > 250);
      assert.ok(long.startsWith(`${citation.snippet} `));
      assert.match(result.answer, /for thirty days\. \[1\]$/);
    });
  });

  describe('answerQuestion: what changed last', () => {
    // Entries oldest first, a title line glued to its date, and a second entry on the same line as the first.
    const releases = page('changelog', '/releases', 'Release notes | Larkpost', [
      ...NAV,
      'Release notes',
      '12 January 2026',
      'Suppression lists can be exported as CSV.',
      'Feb 3, 2026Template previews',
      'Templates now render a preview for each locale before sending.',
      '2026-02-17 — Dedicated IP pools are available on the Pro plan.',
    ]);

    it('answers "what did they ship most recently" with the newest dated changelog entry', () => {
      const pages = [...site.filter((p) => p.kind !== 'changelog'), releases];
      const result = answerQuestion('What did Larkpost ship most recently?', pages);
      assert.equal(result.answered, true, result.answer);
      assert.equal(result.answer, '2026-02-17 — Dedicated IP pools are available on the Pro plan. [1]');
      assert.equal(result.citations[0].url, releases.finalUrl);
      assertGrounded(result, pages);
    });

    it('keeps a title glued to its date and stops where the next entry starts', () => {
      const result = answerQuestion("What's the latest change in the changelog?", site);
      assert.equal(result.answer, 'March 2026 Inbound email parsing is now generally available, with attachments up to 25 MB. [1]');
      assertGrounded(result, site);
      const glued = page('changelog', '/changelog', 'Changelog | Larkpost', [
        'Changelog',
        '4 May 2026Open tracking can be turned off per message.2 May 2026Bounce webhooks carry the SMTP reply.',
      ]);
      const latest = answerQuestion('What is new in the latest release?', [home, glued]);
      assert.equal(latest.answer, '4 May 2026Open tracking can be turned off per message. [1]');
      assertGrounded(latest, [home, glued]);
      const titled = page('changelog', '/changelog', 'Changelog | Larkpost', [
        'Changelog',
        'Feb 3, 2026Template previews',
        'Templates now render a preview for each locale before sending.',
      ]);
      assert.match(answerQuestion('What was released most recently?', [home, titled]).answer, /^Feb 3, 2026Template previews Templates now render/);
    });

    it('reads the question as usual when no changelog page dates its entries', () => {
      const undated = page('changelog', '/changelog', 'Changelog | Larkpost', ['Changelog', 'We ship small improvements every week.']);
      const result = answerQuestion('What did Larkpost ship most recently?', [home, about, undated]);
      assert.doesNotMatch(result.answer, /\d{4}/);
    });
  });

  describe('answerQuestion: reading what is asked', () => {
    // A second company, whose pages say things in other words than the questions do.
    const QM_NAV = ['Features', 'Pricing', 'Developers', 'Careers', 'Log in'];
    const qm = (kind: PageKind, path: string, title: string, lines: string[]) => page(kind, path, `${title} | Quaymark`, [...QM_NAV, ...lines], 'quaymark.app');
    const qmHome = qm('home', '/', 'Appointment scheduling for clinics', [
      'Booking that fills your calendar',
      'Quaymark lets clinics take appointments online, send reminders by text and keep their waiting lists moving.',
      'Over 1,500 clinics in Portugal and Spain book their patients through Quaymark.',
    ]);
    const qmAbout = qm('about', '/about', 'About', [
      'Our story',
      'Quaymark was started by two physiotherapists, Inês Duarte and Marco Reis, who were tired of phone tag with patients.',
      'We are based in Porto, Portugal, and half of the team works remotely from across Spain.',
    ]);
    const qmDocs = qm('docs', '/developers', 'Developer docs', [
      'Rate limits',
      'Every workspace may send 300 requests per minute.',
      'When a workspace goes over the limit, the API returns 429 Too Many Requests and a Retry-After header.',
      'Booking limits',
      'Standard workspaces may create 2,000 a day; Clinic workspaces 20,000.',
      'SDKs',
      'Official SDKs: Android (Kotlin), iOS (Swift), Flutter and React Native.',
      'Community SDKs exist for Unity, but we do not support them.',
      'Client libraries',
      'Server libraries are published for Python, Ruby, Go and Java.',
    ]);
    const qmCareers = qm('careers', '/careers', 'Careers', [
      'Work with us',
      'We hire remotely, but only people who live in Portugal or Spain.',
      'Open roles: Backend Engineer, Customer Success Lead.',
    ]);
    const qmSecurity = qm('security', '/sicherheit', 'Sicherheit', [
      'Datenschutz',
      'Sämtliche Patientendaten und Kundendaten werden in einem Rechenzentrum in Wien gespeichert.',
      'Team plans can turn on single sign-on for every clinic.',
    ]);
    const qmSite = [qmHome, qmAbout, qmDocs, qmCareers, qmSecurity];

    const answers = (question: string, says: RegExp, from: CompanyPage, notSays?: RegExp) => {
      const result = answerQuestion(question, qmSite);
      assert.equal(result.answered, true, result.answer);
      assert.match(result.answer, says);
      if (notSays) assert.doesNotMatch(result.answer, notSays);
      assert.ok(
        citedSentences(result).some((s) => says.test(s.text) && s.citation.url === from.finalUrl),
        result.answer,
      );
      assertGrounded(result, qmSite);
    };

    it('prefers the sentence stating the figure when a limit is asked for', () => {
      answers('What is the rate limit of the API?', /300 requests per minute/, qmDocs, /429/);
    });

    it('lets a heading that names the question answer through the first sentence under it', () => {
      answers('What are the booking limits?', /2,000 a day/, qmDocs);
    });

    it('prefers the kind of page that answers such questions: careers for remote work', () => {
      answers('Can I work for Quaymark remotely from outside Spain?', /only people who live in Portugal or Spain/, qmCareers, /across Spain/);
    });

    it('knows a few other ways pages say a question word: based in, platforms, languages', () => {
      answers('Where is Quaymark headquartered?', /based in Porto/, qmAbout);
      answers('Which platforms do the SDKs support?', /Android \(Kotlin\), iOS/, qmDocs, /Unity/);
      answers('Which languages have server libraries?', /Python, Ruby, Go and Java/, qmDocs);
    });

    it('reads a German page for an English question about where data is stored', () => {
      answers('Where does Quaymark store customer data?', /Rechenzentrum in Wien gespeichert/, qmSecurity);
    });

    it('does not answer about a thing the site never names, nor "how much" without an amount', () => {
      for (const question of ["What is the name of the founder's cat?", 'How much does the Team plan cost?', 'How many employees does Quaymark have?']) {
        const result = answerQuestion(question, qmSite);
        assert.equal(result.answered, false, `${question}: ${result.answer}`);
        assert.deepEqual(result.citations, []);
      }
    });
  });

  describe('checkCitedAnswer', () => {
    it('keeps sentences backed by a verbatim snippet of a fetched page', () => {
      const { kept, dropped } = checkCitedAnswer(
        [
          {
            text: 'Larkpost holds a SOC 2 Type II certification renewed yearly.',
            url: 'https://www.larkpost.io/security#compliance',
            snippet: 'Larkpost is SOC 2 Type II certified,  and the report\nis renewed every year',
          },
          { text: 'Each API key can send 100 requests per second.', url: docs.finalUrl, snippet: 'Each API key may make 100 requests per second' },
        ],
        site,
      );
      assert.deepEqual(dropped, []);
      assert.equal(kept.length, 2);
      assert.equal(kept[0].citation.url, security.finalUrl);
      assert.equal(kept[0].citation.snippet, 'Larkpost is SOC 2 Type II certified, and the report is renewed every year');
      assert.ok(security.text.includes(kept[0].citation.snippet));
    });

    it('drops an unfetched URL, a snippet not on the page, an unrelated sentence and an invented figure', () => {
      const { kept, dropped } = checkCitedAnswer(
        [
          { text: 'Larkpost is SOC 2 certified.', url: 'https://www.larkpost.io/trust', snippet: 'Larkpost is SOC 2 Type II certified' },
          { text: 'Larkpost is HIPAA compliant.', url: security.finalUrl, snippet: 'Larkpost is HIPAA compliant' },
          { text: 'Larkpost was founded in 2017.', url: security.finalUrl, snippet: 'Customer data is stored in AWS data centres in Frankfurt' },
          { text: 'Each API key may make 500 requests per second.', url: docs.finalUrl, snippet: 'Each API key may make 100 requests per second' },
        ],
        site,
      );
      assert.deepEqual(kept, []);
      assert.deepEqual(
        dropped.map((d) => d.reason),
        ['unfetched-url', 'snippet-not-on-page', 'unrelated-to-snippet', 'number-not-in-snippet'],
      );
    });

    it('finds a snippet whatever its whitespace, and not a near miss', () => {
      assert.equal(findVerbatim('Rate limits\nEach  key may', 'limits Each key')?.text, 'limits\nEach  key');
      assert.equal(findVerbatim('Rate limits\nEach key may', 'limit Each key'), null);
      assert.equal(findVerbatim('Rate limits', '   '), null);
    });
  });
});
