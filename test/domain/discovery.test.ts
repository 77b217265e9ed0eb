import assert from 'node:assert/strict';
import { candidatesFromMcpRegistry, candidatesFromSearch, newCandidates, productDomainOf, registryKeywords } from '../../src/domain/discovery';

describe('discovery candidates', () => {
  const domains: Array<[string | undefined, string | undefined]> = [
    ['https://www.vectorly.io/docs', 'vectorly.io'],
    ['https://mcp.vectorly.io/mcp', 'vectorly.io'],
    ['https://api.example.co.uk/v1', 'example.co.uk'],
    ['https://github.com/acme/vector-mcp', undefined],
    ['https://acme.github.io/', 'acme.github.io'], // a project's own pages: its site
    ['http://127.0.0.1:8080/', undefined],
    ['ftp://files.example.com/', undefined],
    ['not a url', undefined],
    [undefined, undefined],
  ];
  for (const [url, expected] of domains) {
    it(`${url} → ${expected}`, () => assert.equal(productDomainOf(url), expected));
  }

  it('reads both MCP registry shapes, preferring the website to the remote, skipping code hosts and bad entries', () => {
    const body = {
      servers: [
        {
          server: {
            name: 'io.vectorly/search',
            description: 'Vector search',
            websiteUrl: 'https://vectorly.io',
            remotes: [{ type: 'streamable-http', url: 'https://mcp.other.io/mcp' }],
          },
          _meta: {},
        },
        { name: 'io.github.someone/tool', description: 'Only a repository', repository: { url: 'https://github.com/someone/tool' } },
        { name: 'com.quickmail/mcp', remotes: [{ type: 'sse', url: 'https://mcp.quickmail.com/sse' }] },
        { server: { description: 'no name' } },
      ],
      metadata: { count: 4 },
    };
    assert.deepEqual(
      candidatesFromMcpRegistry(body).map((c) => [c.domain, c.name, c.source]),
      [
        ['vectorly.io', 'search', 'mcp-registry'],
        ['quickmail.com', 'mcp', 'mcp-registry'],
      ],
    );
    assert.deepEqual(candidatesFromMcpRegistry({ error: 'nope' }), []);
    assert.deepEqual(candidatesFromMcpRegistry('<html>'), []);
  });

  it('reads SearXNG JSON results', () => {
    const body = {
      query: 'x',
      results: [
        { url: 'https://en.wikipedia.org/wiki/Email', title: 'Email' },
        { url: 'https://quickmail.com/pricing', title: 'QuickMail', content: 'Transactional email API' },
      ],
    };
    assert.deepEqual(candidatesFromSearch(body), [
      { domain: 'quickmail.com', name: 'QuickMail', description: 'Transactional email API', source: 'web-search' },
    ]);
  });

  it('keeps the first mention of each unknown domain, up to the limit', () => {
    const c = (domain: string) => ({ domain, name: domain, description: '', source: 'web-search' as const });
    const picked = newCandidates([c('a.io'), c('known.io'), c('a.io'), c('b.io'), c('c.io')], new Set(['known.io']), 2);
    assert.deepEqual(
      picked.map((x) => x.domain),
      ['a.io', 'b.io'],
    );
  });

  it('asks the registry for the longest distinct keywords', () => {
    assert.deepEqual(registryKeywords('vector search embeddings db'), ['embeddings', 'vector', 'search']);
  });
});
