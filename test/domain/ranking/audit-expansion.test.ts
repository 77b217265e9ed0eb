import assert from 'node:assert/strict';
import type { AuditArtifacts, McpArtifact } from '../../../src/domain/audit/artifacts';
import { auditExpansion } from '../../../src/domain/ranking/documents';

// An audited product's expansion (issue 38): what its audit read, in the field a seed's expansion fills.

const missing = { ok: false as const, error: 'not gathered' };
function artifacts(over: Partial<AuditArtifacts>): AuditArtifacts {
  return {
    domain: 'tidewise.test',
    homepage: missing,
    robots: missing,
    sitemap: missing,
    markdown: missing,
    llmsTxt: missing,
    llmsFullTxt: missing,
    mcp: missing,
    a2a: missing,
    agentSkills: missing,
    apiCatalog: missing,
    openapi: missing,
    oauth: missing,
    docs: missing,
    pricing: missing,
    statusPage: missing,
    changelog: missing,
    ...over,
  };
}

const live = (value: McpArtifact) => ({ ok: true as const, value });

describe('an audited product’s expansion', () => {
  const cases: Array<[string, Partial<AuditArtifacts>, RegExp[], RegExp[]]> = [
    [
      'tools by name and first sentence, whole definitions',
      {
        mcp: live({
          endpoints: [
            {
              url: 'http://tidewise.test/mcp',
              declared: false,
              outcome: 'ok',
              toolDefinitions: [
                { name: 'get_tide_table', description: 'Tide tables for a coastal station. Times are local.', inputSchema: {}, fingerprint: 'x' },
              ],
            },
          ],
        }),
      },
      [/get tide table/, /Tide tables for a coastal station\./],
      [/Times are local/],
    ],
    [
      'tools as audits before issue 38 kept them (names and first sentences)',
      { mcp: live({ endpoints: [{ url: 'u', declared: false, outcome: 'ok', tools: ['list-stations'], toolDescriptions: ['Lists stations.'] }] }) },
      [/list stations/, /Lists stations\./],
      [],
    ],
    ['a dead endpoint says nothing', { mcp: live({ endpoints: [{ url: 'u', declared: false, outcome: 'dead', tools: ['ghost_tool'] }] }) }, [], [/ghost/]],
    [
      'OpenAPI operation summaries, llms.txt summary and sections, the homepage description',
      {
        openapi: { ok: true, value: { found: true, valid: true, operations: 2, errors: [], operationSummaries: ['List tide stations', 'Get a forecast'] } },
        llmsTxt: {
          ok: true,
          value: {
            found: true,
            url: 'u',
            status: 200,
            isText: true,
            summary: 'Marine weather for sailors',
            sections: ['Tides', 'Currents'],
            links: [],
            problems: [],
          },
        },
        homepage: {
          ok: true,
          value: {
            url: 'u',
            status: 200,
            https: false,
            description: 'Tide tables for 3,000 stations',
            openGraph: {},
            jsonLdTypes: [],
            linkHeader: [],
            links: {},
            scriptOnlyShell: false,
            rendered: false,
            textLength: 100,
          },
        },
      },
      [/List tide stations/, /Get a forecast/, /Marine weather for sailors/, /Tides/, /Currents/, /Tide tables for 3,000 stations/],
      [],
    ],
  ];
  for (const [what, over, present, absent] of cases) {
    it(what, () => {
      const text = auditExpansion(artifacts(over));
      for (const p of present) assert.match(text, p);
      for (const a of absent) assert.doesNotMatch(text, a);
      assert.ok(text.length <= 2000);
    });
  }

  it('says each thing once and stays within 2,000 characters', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ name: `tool_${i}`, description: 'Same words.', inputSchema: {}, fingerprint: 'x' }));
    const text = auditExpansion(artifacts({ mcp: live({ endpoints: [{ url: 'u', declared: false, outcome: 'ok', toolDefinitions: many }] }) }));
    assert.equal(text.match(/Same words\./g)?.length, 1);
    assert.ok(text.length <= 2000);
  });
});
