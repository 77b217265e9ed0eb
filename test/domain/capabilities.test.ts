import assert from 'node:assert/strict';
import { capabilityMatcher, closestCapability, matchCapabilities, stems, type Capability } from '../../src/domain/capabilities';

const vocabulary: Capability[] = [
  { id: 'email.send', description: 'Send email', synonyms: ['send email', 'transactional email', 'smtp'], categories: ['email'] },
  { id: 'browser.scrape', description: 'Scrape pages', synonyms: ['scrape pages', 'web scraping', 'scraper'], categories: ['web-scraping'] },
  { id: 'browser.render', description: 'Render JS', synonyms: ['render javascript', 'js-heavy pages', 'headless browser'], categories: ['web-scraping'] },
  { id: 'search.vector', description: 'Vector search', synonyms: ['vector search', 'similarity search', 'vector database'], categories: ['vector-databases'] },
];
const matcher = capabilityMatcher(vocabulary);

describe('capability matching', () => {
  it('stems words and drops stop words', () => {
    assert.deepEqual(stems('Sending the emails'), ['send', 'email']);
  });

  const cases: Array<[string, string[]]> = [
    ['send transactional email from a Node app', ['email.send']],
    ['Sending emails to customers', ['email.send']],
    ['scrape JS-heavy pages', ['browser.render', 'browser.scrape']],
    ['vector search with an MCP server', ['search.vector']],
    ['bake a cake', []],
  ];
  for (const [task, expected] of cases) {
    it(`${JSON.stringify(task)} → [${expected.join(', ')}]`, () => {
      assert.deepEqual(
        matchCapabilities(task, matcher)
          .map((m) => m.id)
          .sort(),
        expected,
      );
    });
  }

  it('reads typos as the nearest vocabulary word', () => {
    assert.deepEqual(
      matchCapabilities('sned an emial to users', matcher).map((m) => m.id),
      ['email.send'],
    );
  });

  it('matches a two-word phrasing in either order', () => {
    assert.deepEqual(
      matchCapabilities('search vector embeddings', matcher).map((m) => m.id),
      ['search.vector'],
    );
  });

  it('does not count a one-word phrasing on a word a longer phrasing of another capability explains', () => {
    const jobs = capabilityMatcher([
      { id: 'data.jobs', description: 'Job listings', synonyms: ['jobs', 'job listings'], categories: ['open-data'] },
      { id: 'automate.schedule', description: 'Background jobs', synonyms: ['background jobs', 'cron'], categories: ['automation'] },
    ]);
    assert.deepEqual(
      matchCapabilities('run background jobs nightly', jobs).map((m) => m.id),
      ['automate.schedule'],
    );
    assert.deepEqual(
      matchCapabilities('find remote jobs', jobs).map((m) => m.id),
      ['data.jobs'],
    );
  });

  it('prefers a pair in its own order to a reversed one, and explains each word once', () => {
    const speech = capabilityMatcher([
      { id: 'speech.transcribe', description: 'Speech to text', synonyms: ['speech to text', 'transcribe'], categories: ['speech-audio'] },
      { id: 'speech.synthesize', description: 'Text to speech', synonyms: ['text to speech', 'tts'], categories: ['speech-audio'] },
    ]);
    assert.deepEqual(
      matchCapabilities('speech to text API', speech).map((m) => m.id),
      ['speech.transcribe'],
    );
    assert.deepEqual(
      matchCapabilities('text to speech API', speech).map((m) => m.id),
      ['speech.synthesize'],
    );
    assert.deepEqual(
      matchCapabilities('text to speech and speech to text', speech)
        .map((m) => m.id)
        .sort(),
      ['speech.synthesize', 'speech.transcribe'],
    );
  });

  it('never lets a phrasing span a clause end', () => {
    assert.deepEqual(
      matchCapabilities('vector graphics, search box', matcher).map((m) => m.id),
      [],
    );
    assert.deepEqual(
      matchCapabilities('vector search box', matcher).map((m) => m.id),
      ['search.vector'],
    );
  });

  it('ignores a phrasing found on a word the capability disowns (same stem, other meaning)', () => {
    const local = capabilityMatcher([
      {
        id: 'localize.app',
        description: 'Translate apps',
        synonyms: ['localization', 'localize app'],
        categories: ['language'],
        notWords: ['local', 'locally'],
      },
    ]);
    assert.deepEqual(
      matchCapabilities('localization of our iOS app', local).map((m) => m.id),
      ['localize.app'],
    );
    assert.deepEqual(
      matchCapabilities('run LLMs locally', local).map((m) => m.id),
      [],
    );
    assert.deepEqual(
      matchCapabilities('local-first app framework', local).map((m) => m.id),
      [],
    );
  });

  it('keeps general stop words that name things in software', () => {
    assert.deepEqual(stems('page the on-call engineer'), ['page', 'call', 'engin']);
    assert.deepEqual(stems('full-text search by domain name'), ['full', 'text', 'search', 'domain', 'name']);
  });

  describe('word sense: a word the vocabulary uses in two senses', () => {
    const senses = capabilityMatcher([
      {
        id: 'data.environment',
        description: 'Get environmental, energy and carbon data',
        synonyms: ['environment', 'carbon emissions'],
        categories: ['open-data'],
      },
      { id: 'ci.deploy', description: 'Automate releases', synonyms: ['preview environment', 'preview deployments'], categories: ['ci-cd'] },
      { id: 'security.secrets', description: 'Store secrets', synonyms: ['environment variables', 'secret manager'], categories: ['security'] },
      { id: 'document.parse', description: 'Parse PDFs into structured data', synonyms: ['extract tables', 'parse pdf'], categories: ['docs'] },
      {
        id: 'productivity.spreadsheet',
        description: 'Work with spreadsheets and table databases',
        synonyms: ['tables', 'spreadsheet'],
        categories: ['productivity'],
      },
      { id: 'analytics.etl', description: 'Move data with ETL pipelines', synonyms: ['data pipeline', 'etl'], categories: ['analytics'] },
      { id: 'ci.build', description: 'Build and test code on every push', synonyms: ['build pipeline', 'continuous integration'], categories: ['ci-cd'] },
      { id: 'ai.agent', description: 'Build AI agents', synonyms: ['build agents'], categories: ['ai-agents'] },
      { id: 'search.vector', description: 'Store embeddings', synonyms: ['store embeddings'], categories: ['vector-databases'] },
      { id: 'ai.embed', description: 'Create text embeddings', synonyms: ['text embedding'], categories: ['ai-models'] },
    ]);
    const cases: Array<[string, string, string[]]> = [
      ['a phrasing beats a one-word phrasing on the same word', 'spin up a preview environment for each branch', ['ci.deploy']],
      ['an ambiguous one-word phrasing that nothing vouches for is not taken', 'sync environment variables across environments', ['security.secrets']],
      ['the description vouches for an ambiguous word', 'a data pipeline of environment figures on carbon and energy', ['analytics.etl', 'data.environment']],
      ['and without it the word is not taken', 'a data pipeline of environment figures', ['analytics.etl']],
      ['a phrasing takes the word from a one-word phrasing of another sense', 'extract tables from PDF files', ['document.parse']],
      ['an ambiguous word is taken with its own words beside it', 'a spreadsheet of tables', ['productivity.spreadsheet']],
      ['what a stronger phrasing leaves of a broken one needs vouching too', 'build a data pipeline', ['analytics.etl']],
      [
        'a capability with a whole phrasing of its own keeps the shared word',
        'build a data pipeline with continuous integration',
        ['analytics.etl', 'ci.build'],
      ],
      ['an unbroken phrasing keeps its word', 'store the text as embeddings', ['ai.embed', 'search.vector']],
      ['the only reading of a task is taken, vouched or not', 'environment', ['data.environment']],
    ];
    for (const [why, task, expected] of cases) {
      it(`${why}: ${JSON.stringify(task)} → [${expected.join(', ')}]`, () => {
        assert.deepEqual(
          matchCapabilities(task, senses)
            .map((m) => m.id)
            .sort(),
          expected,
        );
      });
    }

    it('knows which words have another sense from the vocabulary itself', () => {
      assert.ok(senses.ambiguous.get('data.environment')?.has(stems('environment')[0]));
      assert.ok(senses.ambiguous.get('productivity.spreadsheet')?.has(stems('tables')[0]));
      assert.ok(senses.ambiguous.get('ci.build')?.has(stems('build')[0]));
      // "preview" has one sense here, and ci.deploy shares a category with ci.build.
      assert.ok(!senses.ambiguous.get('ci.deploy')?.has(stems('preview')[0]));
    });
  });

  describe('closest capability, when no phrasing matches', () => {
    const wide = capabilityMatcher([
      ...vocabulary,
      { id: 'security.secrets', description: 'Store and inject secrets and API keys', synonyms: ['secret manager', 'vault'], categories: ['security'] },
      { id: 'api.keys', description: 'Issue API keys to your customers', synonyms: ['api key issuing'], categories: ['developer-tools'] },
    ]);
    const cases: Array<[string, string | undefined]> = [
      ['where should I keep API keys and env secrets', 'security.secrets'], // "secrets" is rare, "api keys" common
      ['keep my secrets', undefined], // one shared word is not enough
      ['bake a cake', undefined],
    ];
    for (const [text, expected] of cases) {
      it(`${JSON.stringify(text)} → ${expected ?? 'nothing'}`, () => {
        assert.equal(closestCapability(text, wide)?.id, expected);
      });
    }

    it('scores under any phrasing match and can be limited to some capabilities', () => {
      assert.equal(closestCapability('where should I keep API keys and env secrets', wide)?.score, 0.5);
      const task = 'where should I keep API keys and env secrets';
      assert.equal(closestCapability(task, wide, { among: (id) => id !== 'security.secrets' })?.id, 'api.keys');
      assert.equal(closestCapability(task, wide, { among: (id) => id.startsWith('email') })?.id, undefined);
    });
  });
});
