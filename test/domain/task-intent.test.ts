import assert from 'node:assert/strict';
import { parseTaskIntent } from '../../src/domain/task-intent';

describe('task intent', () => {
  const cases: Array<[string, string, string[]]> = [
    ['send transactional email from a Node app', 'send transactional email node', []],
    ['I need a vector database with an MCP server', 'vector database', ['mcp']],
    ['scrape JS-heavy pages, must have a CLI', 'scrape js-heavy pages', ['cli']],
    ['payments API with an OpenAPI spec, self-serve', 'payments api', ['openapi', 'self_serve']],
    ['speech to text via a public API', 'speech text', ['api']],
    ['geocoding that has a command-line tool and an MCP endpoint', 'geocoding', ['cli', 'mcp']],
    ['the', 'the', []],
    // A bare mention is what the task is about, not a requirement (issue 21).
    ["turn my REST API's OpenAPI spec into an MCP server", 'turn rest api s openapi spec into mcp server', []],
    ['directory of MCP servers I can connect my agent to', 'directory mcp servers connect agent', []],
    // Working from a shell asks for a command-line tool.
    ['deploy a Node.js API from the terminal', 'deploy node.js api', ['cli']],
  ];
  for (const [task, terms, requirements] of cases) {
    it(`${JSON.stringify(task)} → "${terms}" + [${requirements.join(', ')}]`, () => {
      const intent = parseTaskIntent(task);
      assert.equal(intent.searchTerms.replace(/\s+/g, ' '), terms);
      assert.deepEqual(Object.keys(intent.requirements).sort(), [...requirements].sort());
    });
  }
});
