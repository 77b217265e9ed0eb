import assert from 'node:assert/strict';
import { productDocument } from '../../../src/domain/ranking/documents';
import { namedProducts } from '../../../src/domain/ranking/named-products';
import { BM25F_PARAMS, RANK_PARAMS } from '../../../src/domain/ranking/params';
import { ProductIndex } from '../../../src/domain/ranking/product-index';
import { readTaskQuery } from '../../../src/domain/ranking/query';
import { mergeNeeds, rankTask, type TaskRanking } from '../../../src/domain/ranking/rank';
import { stemOf } from '../../../src/domain/ranking/terms';
import type { RankedProduct } from '../../../src/domain/ranked-product';
import { reasonFor } from '../../../src/domain/resolution';
import { capabilityTexts } from '../../../src/services/capability-vocabulary';
import { taskCapabilities } from '../../../src/services/task-capabilities';

interface Fake {
  slug: string;
  name: string;
  description: string;
  readiness: number;
  categories?: string[];
  capabilities?: Array<{ id: string; score: number }>;
  mcp?: boolean;
  mcpTrust?: 'verified' | 'poisoned';
}

const FAKES: Fake[] = [
  // Says what it does in its own words, and is tagged; barely ready.
  {
    slug: 'mailbolt',
    name: 'Mailbolt',
    description: 'Transactional email API: send email from your backend over an SMTP relay, with webhooks for bounces.',
    readiness: 20,
    categories: ['email'],
    capabilities: [{ id: 'email.send', score: 3 }],
  },
  // Shares the capability only; very ready.
  {
    slug: 'postcrate',
    name: 'Postcrate',
    description: 'Customer engagement suite for growing teams.',
    readiness: 95,
    categories: ['marketing'],
    capabilities: [{ id: 'email.send', score: 1 }],
  },
  // Twins in everything but readiness.
  {
    slug: 'geoplot',
    name: 'Geoplot',
    description: 'Forward and reverse geocoding for street addresses.',
    readiness: 30,
    capabilities: [{ id: 'maps.geocode', score: 2 }],
  },
  {
    slug: 'geomark',
    name: 'Geomark',
    description: 'Forward and reverse geocoding for street addresses.',
    readiness: 80,
    capabilities: [{ id: 'maps.geocode', score: 2 }],
  },
  {
    slug: 'shipwise',
    name: 'Shipwise',
    description: 'Track shipments across carriers with one tracking API.',
    readiness: 40,
    capabilities: [{ id: 'ecommerce.shipping', score: 3 }],
  },
  { slug: 'quotely', name: 'Quotely', description: 'Motivational quote generator API with daily inspirational quotes.', readiness: 30 },
  { slug: 'venuehub', name: 'VenueHub', description: 'Venue booking for company offsites and meetings.', readiness: 30 },
  {
    slug: 'vectora',
    name: 'Vectora',
    description: 'Vector database for embeddings and similarity search.',
    readiness: 50,
    capabilities: [{ id: 'search.vector', score: 3 }],
    mcp: true,
  },
  {
    slug: 'pineleaf',
    name: 'Pineleaf',
    description: 'Vector database for embeddings and similarity search.',
    readiness: 90,
    capabilities: [{ id: 'search.vector', score: 3 }],
  },
];

function buildIndex(fakes = FAKES): ProductIndex {
  return ProductIndex.build(
    fakes.map((f) =>
      productDocument({
        id: f.slug,
        slug: f.slug,
        name: f.name,
        domain: `${f.slug}.com`,
        readiness: f.readiness,
        requirements: { api: true, mcp: !!f.mcp, self_serve: true, openapi: false, cli: false },
        description: f.description,
        auditText: '',
        categories: f.categories ?? [],
        capabilities: f.capabilities ?? [],
        mcpTrust: f.mcpTrust,
      }),
    ),
    BM25F_PARAMS,
  );
}

const texts = capabilityTexts();
const vocabularyWord = (word: string) => texts.uses(stemOf(word));

function rank(index: ProductIndex, task: string, o: { limit?: number; capabilities?: string[] } = {}): TaskRanking {
  const query = readTaskQuery(task, vocabularyWord);
  const read = taskCapabilities(query);
  return rankTask({
    index,
    capabilityTexts: texts,
    query,
    capabilities: o.capabilities ?? read.ids,
    phrased: read.phrased,
    limit: o.limit ?? 5,
    requirements: Object.keys(query.requirements) as Array<keyof typeof query.requirements>,
  });
}

const slugs = (r: TaskRanking) => r.results.map((x) => x.slug);

describe('task ranking', () => {
  const index = buildIndex();

  describe('the product the task asks for comes first', () => {
    const cases: Array<[string, string]> = [
      ['send transactional email from my backend', 'mailbolt'],
      ['track shipments across carriers', 'shipwise'],
      ['a motivational quote generator', 'quotely'],
      ['book a venue for our company offsite', 'venuehub'],
    ];
    for (const [task, best] of cases) {
      it(`${JSON.stringify(task)} → ${best}`, () => {
        const r = rank(index, task);
        assert.equal(r.results[0]?.slug, best);
        assert.equal(r.note, undefined);
      });
    }
  });

  it('a product whose own text matches beats one that only shares the capability, whatever its readiness', () => {
    const r = rank(index, 'send transactional email from my backend');
    assert.ok(r.capabilities.includes('email.send'));
    const [mail, post] = ['mailbolt', 'postcrate'].map((s) => r.results.find((x) => x.slug === s)!);
    assert.ok(post, 'the tagged product is a candidate on its tag alone');
    assert.deepEqual(post.words, []);
    assert.deepEqual(post.matched, ['email.send']);
    assert.ok(mail.match > post.match + RANK_PARAMS.readiness);
    assert.ok(slugs(r).indexOf('mailbolt') < slugs(r).indexOf('postcrate'));
  });

  it('readiness orders products that match equally', () => {
    const r = rank(index, 'geocoding for street addresses');
    assert.deepEqual(slugs(r).slice(0, 2), ['geomark', 'geoplot']);
    assert.equal(r.results[0].match, r.results[1].match);
  });

  const tasks = [
    'send transactional email from my backend',
    'geocoding for street addresses',
    'vector database for similarity search',
    'track shipments and send email receipts',
    'an API for motivational quotes and venue booking',
  ];
  for (const task of tasks) {
    it(`match is within 0..1 and results follow match plus the readiness prior: ${JSON.stringify(task)}`, () => {
      const r = rank(index, task, { limit: 10 });
      assert.ok(r.results.length > 0);
      const prior = (x: RankedProduct) => x.match + (RANK_PARAMS.readiness * x.readiness) / 100;
      for (const x of r.results) assert.ok(x.match >= 0 && x.match <= 1, `${x.slug} ${x.match}`);
      for (let i = 1; i < r.results.length; i++) {
        // `match` is rounded to hundredths; the order is by the unrounded figure.
        assert.ok(prior(r.results[i - 1]) >= prior(r.results[i]) - 0.005, `${r.results[i - 1].slug} before ${r.results[i].slug}`);
        // Readiness can reorder matches only within its weight.
        assert.ok(r.results[i].match - r.results[i - 1].match <= RANK_PARAMS.readiness + 0.01);
      }
    });
  }

  it('reports the task words each product holds, as written', () => {
    const r = rank(index, 'Track Shipments across carriers');
    const ship = r.results.find((x) => x.slug === 'shipwise')!;
    assert.deepEqual([...ship.words].sort(), ['across', 'carriers', 'shipments', 'track']);
  });

  it('reads a misspelt word as the registry word it stands for', () => {
    const r = rank(index, 'track shipmnets', { capabilities: [] });
    assert.equal(r.results[0]?.slug, 'shipwise');
    assert.ok(r.results[0].words.includes('shipmnets'));
  });

  it('keeps only products meeting the requirements the task states', () => {
    const r = rank(index, 'vector database with an MCP server');
    assert.deepEqual(slugs(r), ['vectora']);
    assert.deepEqual(slugs(rank(index, 'vector database')).sort(), ['pineleaf', 'vectora']);
  });

  describe('MCP trust, when the task requires an MCP server (issue 38)', () => {
    // Three MCP servers for one task: the best match carries a high-severity finding, the weakest was verified.
    const servers: Fake[] = [
      {
        slug: 'tidy-poisoned',
        name: 'Tidy',
        description: 'Tide tables and tidal currents for coastal stations, over MCP.',
        readiness: 90,
        mcp: true,
        mcpTrust: 'poisoned',
      },
      // Twins but for the verified call; the plain one sorts first, so only the verified call can put the other ahead.
      { slug: 'harbor-plain', name: 'Harbor', description: 'Tide tables for coastal stations.', readiness: 50, mcp: true },
      { slug: 'marina-verified', name: 'Marina', description: 'Tide tables for coastal stations.', readiness: 50, mcp: true, mcpTrust: 'verified' },
    ];
    const trusted = buildIndex(servers);
    const cases: Array<[task: string, expected: string[], trust: Record<string, string | undefined>]> = [
      [
        'tide tables and tidal currents with an MCP server',
        ['marina-verified', 'harbor-plain', 'tidy-poisoned'],
        { 'marina-verified': 'verified', 'harbor-plain': undefined, 'tidy-poisoned': 'poisoned' },
      ],
      // No MCP requirement: trust does not order, and the best match leads as before.
      ['tide tables and tidal currents', ['tidy-poisoned'], { 'tidy-poisoned': undefined }],
    ];
    for (const [task, expected, trust] of cases) {
      it(`"${task}"`, () => {
        const r = rank(trusted, task);
        assert.deepEqual(slugs(r).slice(0, expected.length), expected);
        for (const [slug, t] of Object.entries(trust)) assert.equal(r.results.find((x) => x.slug === slug)?.mcpTrust, t, slug);
      });
    }

    it('says why in each reason', () => {
      const r = rank(trusted, 'tide tables and tidal currents with an MCP server');
      const reason = (slug: string) => reasonFor(r.results.find((x) => x.slug === slug)!, r.capabilities.length);
      assert.match(reason('tidy-poisoned'), /high-severity security finding/);
      assert.match(reason('marina-verified'), /read-only call was verified/);
      assert.doesNotMatch(reason('harbor-plain'), /verified|security/);
    });
  });

  it('gives a product the task asks for by name the full match', () => {
    const r = rank(index, 'get a daily quote from the Quotely API');
    assert.equal(r.results[0].slug, 'quotely');
    assert.equal(r.results[0].match, 1);
  });

  describe('abstention', () => {
    it('says so when no product holds any word or capability of the task', () => {
      const r = rank(index, 'translate a poem into Klingon');
      assert.deepEqual(r.results, []);
      assert.match(r.note ?? '', /No product in the registry fits/);
    });

    it('says so when the best match is weak', () => {
      const r = rank(index, 'a generator of crossword puzzles for my grandmother and her bridge club friends', { capabilities: [] });
      assert.ok(r.results.length > 0);
      assert.ok(r.results[0].match < RANK_PARAMS.weakMatch);
      assert.match(r.note ?? '', /No product fits this task well/);
    });
  });

  it('ranks each need of a several-need task so both reach the top', () => {
    const task = 'Find a venue booking service for our offsite. Additionally, I need a motivational quote generator API.';
    const query = readTaskQuery(task, vocabularyWord);
    assert.equal(query.parts.length, 2);
    const whole = rank(index, task);
    const parts = query.parts.map((p) => rank(index, p));
    const merged = mergeNeeds(whole, parts, 5);
    assert.deepEqual(slugs(merged).slice(0, 2).sort(), ['quotely', 'venuehub']);
  });
});

describe('mergeNeeds', () => {
  const hit = (slug: string, match: number): RankedProduct => ({ slug, name: slug, domain: `${slug}.com`, readiness: 50, match, matched: [], words: [] });
  const ranking = (capabilities: string[], ...results: RankedProduct[]): TaskRanking => ({ capabilities, results });
  const whole = ranking(['a'], hit('w1', 0.5), hit('w2', 0.4), hit('p1', 0.3), hit('w3', 0.2));
  const partA = ranking(['a', 'b'], hit('p1', 0.9), hit('p1b', 0.8));
  const partB = ranking(['c'], hit('q1', 0.7));

  const cases: Array<[string, TaskRanking[], number, string[]]> = [
    ['the whole best, then each need’s best, then the rest', [partA, partB], 10, ['w1', 'p1', 'q1', 'w2', 'w3']],
    ['a need’s best already listed is not repeated', [ranking(['a'], hit('w1', 0.9))], 10, ['w1', 'w2', 'p1', 'w3']],
    ['the limit holds', [partA, partB], 3, ['w1', 'p1', 'q1']],
    ['no parts: the whole ranking', [], 10, ['w1', 'w2', 'p1', 'w3']],
    ['an empty need adds nothing', [ranking([]), partB], 10, ['w1', 'q1', 'w2', 'p1', 'w3']],
  ];
  for (const [title, parts, limit, expected] of cases) {
    it(title, () => {
      assert.deepEqual(
        mergeNeeds(whole, parts, limit).results.map((r) => r.slug),
        expected,
      );
    });
  }

  it('takes more per need when asked', () => {
    assert.deepEqual(
      mergeNeeds(whole, [partA], 10, 2).results.map((r) => r.slug),
      ['w1', 'p1', 'p1b', 'w2', 'w3'],
    );
  });

  it('unites the capabilities and keeps the whole ranking’s note', () => {
    const merged = mergeNeeds({ ...whole, note: 'weak' }, [partA, partB], 10);
    assert.deepEqual(merged.capabilities, ['a', 'b', 'c']);
    assert.equal(merged.note, 'weak');
  });
});

describe('capability texts and named products', () => {
  it('relates a task’s words to the capability whose text holds them', () => {
    const relevance = texts.relevance(
      [
        { term: stemOf('geocoding'), weight: 1 },
        { term: stemOf('address'), weight: 1 },
      ],
      () => 1,
    );
    const best = [...relevance].sort((a, b) => b[1] - a[1])[0][0];
    assert.equal(best, 'maps.geocode');
    assert.equal(texts.readTask([{ term: stemOf('geocoding'), weight: 1 }])?.id, 'maps.geocode');
    assert.ok(texts.uses(stemOf('email')));
    assert.ok(!texts.uses('zzqx'));
    assert.ok(texts.keyTerms('email.send', 3, () => 1).includes('email'));
    assert.deepEqual(
      texts.keyTerms('no.such', 3, () => 1),
      [],
    );
    assert.ok(texts.frequency('email.send', 'email') > 0);
    assert.equal(texts.frequency('email.send', 'zebra'), 0);
  });

  const registry: Record<string, number[]> = { stripe: [0], quickbooks: [1], discord: [2], 'microsoft teams': [3], slack: [4] };
  const productsNamed = (name: string) => registry[name] ?? [];
  const cases: Array<[string, Array<[string, boolean]>]> = [
    [
      'push Stripe payouts into QuickBooks',
      [
        ['Stripe', false],
        ['QuickBooks', false],
      ],
    ],
    ['is Discord down?', [['Discord', true]]],
    ['news about Discord', [['Discord', true]]],
    ['post alerts to Microsoft Teams', [['Microsoft Teams', false]]],
    ['we should slack off', []],
    ['make a list of things', []],
    // A name the registry lacks, written like one.
    ['sync employees from BambooHR', [['BambooHR', false]]],
  ];
  for (const [task, expected] of cases) {
    it(`names in ${JSON.stringify(task)}`, () => {
      assert.deepEqual(
        namedProducts(task, productsNamed, vocabularyWord).map((n) => [n.name, n.topic]),
        expected,
      );
    });
  }
});
