import assert from 'node:assert/strict';
import http from 'node:http';
import holdout from '../quality/company-holdout.json';
import truth from '../quality/company-truth.json';
import { startFixtureWeb, type FixtureWeb } from './server';

/**
 * The company fixture web agrees with its truth files (company-truth.json and the blind company-holdout.json): every company answers, every cited page says what the
 * truth says it says, every price in the truth is on its pricing page, and the sites whose pricing must not be
 * read really forbid or hide it. This checks the fixtures, not the extractors.
 */

interface Got {
  status: number;
  type: string;
  body: string;
}

function get(web: FixtureWeb, host: string, path: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: web.port, path, method: 'GET', headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const utf8 = (g: Got) => Buffer.from(g.body, 'latin1').toString('utf8');

/** The page's HTML plus the scripts it loads from its own site: for script-only pages, that is where the words are. */
async function source(web: FixtureWeb, host: string, path: string): Promise<{ status: number; raw: string }> {
  const page = await get(web, host, path);
  let raw = utf8(page);
  for (const m of raw.matchAll(/<script[^>]*\bsrc="(\/[^"]+)"/g)) raw += `\n${utf8(await get(web, host, m[1]))}`;
  return { status: page.status, raw };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const readable = (raw: string) =>
  raw
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `n` is written on the page in some usual form: 12, 7.5, 7.50, 0.40, 1,188, 19,00. */
function mentions(raw: string, n: number): boolean {
  const forms = new Set([String(n), n.toFixed(2), n.toLocaleString('en-US'), n.toFixed(2).replace('.', ',')]);
  return [...forms].some((f) => new RegExp(`(?<![\\d.,])${escapeRegExp(f)}(?![\\d]|[.,]\\d)`).test(raw));
}

/** The shape both truth files share (company-truth.json and the blind company-holdout.json). */
interface Truth {
  companies: Array<{
    domain: string;
    facts: { founded?: number; headquarters?: string; products?: string[]; summaryIncludes?: string[] };
    pricing: {
      model: string;
      freeTier: boolean;
      sourcePath: string | null;
      plans: Array<{ name: string; priceMonthlyUsd: number | null; priceMonthly?: number | null; note?: string }>;
    };
  }>;
  questions: Array<{ domain: string; question: string; answerPath: string | null; answerIncludes: string[] }>;
}

/** The checks every truth file must pass against its sites: served, facts stated, answers on their pages, prices shown. */
function agreesWithItsSites(file: string, t: Truth, web: () => FixtureWeb): void {
  it(`${file}: serves every company: homepage 200, robots.txt, and every sitemap URL 200`, async () => {
    for (const c of t.companies) {
      assert.ok(web().hosts.includes(c.domain), `${c.domain} registered`);
      const home = await get(web(), c.domain, '/');
      assert.equal(home.status, 200, `${c.domain} /`);
      assert.match(home.type, /text\/html/);
      assert.equal((await get(web(), c.domain, '/robots.txt')).status, 200, `${c.domain} robots.txt`);
      const sitemap = await get(web(), c.domain, '/sitemap.xml');
      if (sitemap.status !== 200) continue;
      for (const m of sitemap.body.matchAll(/<loc>http:\/\/([^/<]+)(\/[^<]*)<\/loc>/g)) {
        assert.equal(m[1], c.domain, `sitemap of ${c.domain} stays on its host`);
        assert.equal((await get(web(), c.domain, m[2])).status, 200, `${c.domain}${m[2]} (from the sitemap)`);
      }
    }
  });

  it(`${file}: states every fact somewhere on the site (home, sitemap pages and their scripts)`, async () => {
    for (const c of t.companies) {
      const sitemap = await get(web(), c.domain, '/sitemap.xml');
      const paths = new Set(['/', ...[...sitemap.body.matchAll(/<loc>http:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1])]);
      for (const q of t.questions) if (q.domain === c.domain && q.answerPath) paths.add(q.answerPath);
      for (const m of (await source(web(), c.domain, '/')).raw.matchAll(/href="(\/[^"#]*)"/g)) paths.add(m[1]);
      let corpus = '';
      for (const p of paths) if (!p.endsWith('.pdf')) corpus += readable((await source(web(), c.domain, p)).raw);
      const f = c.facts;
      if (f.founded !== undefined) assert.ok(corpus.includes(String(f.founded)), `${c.domain} founded ${f.founded}`);
      if (f.headquarters) assert.ok(corpus.includes(f.headquarters.split(',')[0]), `${c.domain} headquarters ${f.headquarters}`);
      for (const p of f.products ?? []) assert.ok(corpus.includes(p), `${c.domain} product ${p}`);
      for (const s of f.summaryIncludes ?? []) assert.ok(corpus.toLowerCase().includes(s.toLowerCase()), `${c.domain} summary word ${s}`);
    }
  });

  it(`${file}: answers every answerable question on its answerPath, with each answerIncludes string`, async () => {
    for (const q of t.questions) {
      if (q.answerPath === null) {
        assert.equal(q.answerIncludes.length, 0, q.question);
        continue;
      }
      const { status, raw } = await source(web(), q.domain, q.answerPath);
      assert.equal(status, 200, `${q.domain}${q.answerPath}`);
      const words = readable(raw);
      for (const s of q.answerIncludes) assert.ok(words.includes(s), `${q.domain}${q.answerPath} should say "${s}" (${q.question})`);
    }
  });

  it(`${file}: shows every plan, by name and price, on its sourcePath page`, async () => {
    for (const c of t.companies) {
      const p = c.pricing;
      if (p.sourcePath === null) {
        assert.equal(p.plans.length, 0, `${c.domain}: no source, no plans`);
        assert.equal(p.model, 'unknown', c.domain);
        continue;
      }
      const { status, raw } = await source(web(), c.domain, p.sourcePath);
      assert.equal(status, 200, `${c.domain}${p.sourcePath}`);
      assert.equal(p.freeTier, p.plans.some((plan) => plan.priceMonthlyUsd === 0) || p.model === 'free', `${c.domain} freeTier`);
      for (const plan of p.plans) {
        assert.ok(readable(raw).includes(plan.name), `${c.domain} plan ${plan.name}`);
        const price = plan.priceMonthlyUsd ?? plan.priceMonthly ?? null;
        if (price === null) continue;
        const annualOnly = /annual|yearly/i.test(plan.note ?? '');
        assert.ok(mentions(raw, price) || (annualOnly && mentions(raw, price * 12)), `${c.domain} ${plan.name} price ${price}`);
      }
    }
  });
}

describe('company fixture web', function () {
  this.timeout(20_000);
  let web: FixtureWeb;

  before(async () => {
    web = await startFixtureWeb();
  });
  after(() => web?.close());

  it('has at least 16 companies and 30 questions (4 unanswerable) over at least 10 of them', () => {
    assert.ok(truth.companies.length >= 16, `${truth.companies.length}`);
    assert.equal(truth.questions.length, 30);
    assert.equal(truth.questions.filter((q) => q.answerPath === null).length, 4);
    assert.ok(new Set(truth.questions.map((q) => q.domain)).size >= 10);
    const domains = new Set(truth.companies.map((c) => c.domain));
    for (const q of truth.questions) assert.ok(domains.has(q.domain), q.domain);
  });

  it('has a blind holdout of 5 companies not in the main truth, with 3 questions each (2 unanswerable)', () => {
    assert.equal(holdout.companies.length, 5);
    const tuned = new Set(truth.companies.map((c) => c.domain));
    for (const c of holdout.companies) assert.ok(!tuned.has(c.domain), `${c.domain} is also in company-truth.json`);
    assert.equal(holdout.questions.length, 15);
    assert.equal(holdout.questions.filter((q) => q.answerPath === null).length, 2);
    for (const c of holdout.companies) assert.equal(holdout.questions.filter((q) => q.domain === c.domain).length, 3, `${c.domain}: 3 questions`);
  });

  agreesWithItsSites('company-truth.json', truth as Truth, () => web);
  agreesWithItsSites('company-holdout.json', holdout as Truth, () => web);

  it('forbids or hides the pricing of the sites whose truth has no source', async () => {
    const robots = (await get(web, 'nimbusgate.test', '/robots.txt')).body;
    assert.match(robots, /User-agent: \*[\s\S]*^Disallow: \/pricing$/m);
    assert.equal((await get(web, 'nimbusgate.test', '/pricing')).status, 200, 'the page exists: only robots.txt forbids it');
    const pdf = await get(web, 'harborline.test', '/pricing.pdf');
    assert.equal(pdf.type, 'application/pdf');
    assert.ok(pdf.body.startsWith('%PDF-1.4') && pdf.body.trimEnd().endsWith('%%EOF'));
    const xref = Number(/startxref\n(\d+)/.exec(pdf.body)?.[1]);
    assert.equal(pdf.body.slice(xref, xref + 4), 'xref', 'startxref points at the xref table');
    assert.doesNotMatch(readable(utf8(await get(web, 'harborline.test', '/pricing'))), /\$\d/);
  });

  it('renders nothing without scripts on the script-only sites', async () => {
    for (const host of ['lumenkit.test', 'frostbyte.test']) {
      for (const path of ['/', '/pricing', '/about', '/company']) {
        const page = await get(web, host, path);
        assert.equal(page.status, 200);
        const body = /<body>([\s\S]*)<\/body>/.exec(utf8(page))?.[1] ?? '';
        assert.equal(readable(body.replace(/<script[\s\S]*?<\/script>|<noscript>[\s\S]*?<\/noscript>/g, '')).trim(), '', `${host}${path}`);
      }
    }
  });
});
