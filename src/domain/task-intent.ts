import type { Requirement } from '../store/product-rows';

export interface TaskIntent {
  /** The words that describe what the tool must do, for registry search. */
  searchTerms: string;
  requirements: Partial<Record<Requirement, true>>;
}

// Phrases that state a requirement rather than describe the job; removed from the search terms. A mention
// of MCP, a CLI or OpenAPI states a requirement only when a word such as "with", "has" or "via" introduces
// it (or a list it ends: "has a CLI and an MCP endpoint"); otherwise it is what the task is about ("turn my
// OpenAPI spec into an MCP server", "a directory of MCP servers") and stays in the text.
const CUE = '(?:with|has|have|having|via|over|through|using|offers?|supports?|provides?|exposes?|ships?|that has)';
const REQUIREMENT_PHRASES: Array<[Requirement, RegExp, boolean]> = [
  ['mcp', new RegExp(String.raw`\b(${CUE}\s+)?(?:an?\s+)?(?:remote\s+|official\s+)?mcp(?:\s+(?:server|endpoint|support|integration|tool))?s?\b`, 'gi'), true],
  ['cli', new RegExp(String.raw`\b(${CUE}\s+)?(?:an?\s+)?(?:official\s+)?(?:cli|command[- ]line(?:\s+(?:tool|client|interface))?)\b`, 'gi'), true],
  // "deploy it from the terminal": working from a shell is asking for a command-line tool.
  ['cli', /\b()(?:from|in|on|via|using|through)\s+(?:the\s+|my\s+|a\s+)?(?:terminal|shell|command[- ]line)\b/gi, false],
  [
    'openapi',
    new RegExp(String.raw`\b(${CUE}\s+|publish(?:es)?\s+)?(?:an?\s+)?(?:openapi|swagger)(?:\s+(?:spec(?:ification)?|description|schema|document))?\b`, 'gi'),
    true,
  ],
  ['self_serve', /\b()(?:self[- ]serve|self[- ]service|no sales call|sign ?up without sales|instant (?:api )?access)\b/gi, false],
  ['api', new RegExp(String.raw`\b(${CUE}\s+)(?:an?\s+)?(?:public\s+|rest\s+|http\s+)?api\b`, 'gi'), false],
];

// A cue earlier in the same clause (within a few words) still introduces a bare mention.
const CUE_BEFORE = new RegExp(String.raw`\b${CUE}\b[^.;,!?]{0,40}$`, 'i');

// Words that carry no meaning for search in a request for tools.
const FILLER = new Set(
  'i we me my our need needs want wants looking look for find a an the some any tool tools service services product products app that which who can could should would must has have to do does help helps me with from in on of and or my best good way ways something please using use'.split(
    ' ',
  ),
);

/**
 * Reads a plain-language task ("send transactional email from a Node app, with an MCP server") into search
 * terms and requirements. Deterministic and offline; the registry search stems the terms itself.
 */
export function parseTaskIntent(task: string): TaskIntent {
  const { rest, requirements } = splitRequirements(task);
  const words = (rest.match(/[a-z0-9][a-z0-9.+#-]*/g) ?? []).filter((w) => !FILLER.has(w));
  return { searchTerms: words.join(' ').trim() || task.trim().toLowerCase(), requirements };
}

/** The task with its requirement phrases blanked out ("… with an MCP server"), and the requirements they state. */
export function splitRequirements(task: string): { rest: string; requirements: TaskIntent['requirements'] } {
  let rest = ` ${task.toLowerCase()} `;
  const requirements: TaskIntent['requirements'] = {};
  for (const [requirement, pattern, needsCue] of REQUIREMENT_PHRASES) {
    rest = rest.replace(pattern, (m: string, cue: string | undefined, offset: number, whole: string) => {
      if (needsCue && !cue && !CUE_BEFORE.test(whole.slice(0, offset))) return m;
      requirements[requirement] = true;
      return ' '.repeat(m.length);
    });
  }
  return { rest, requirements };
}
