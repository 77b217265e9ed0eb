import type { Requirement } from '../store/products';

export interface TaskIntent {
  /** The words that describe what the tool must do, for registry search. */
  searchTerms: string;
  requirements: Partial<Record<Requirement, true>>;
}

// Phrases that state a requirement rather than describe the job; removed from the search terms.
const REQUIREMENT_PHRASES: Array<[Requirement, RegExp]> = [
  [
    'mcp',
    /\b(?:with|has|have|having|via|over|through|using|offers?|supports?|that has)?\s*(?:an?\s+)?(?:remote\s+|official\s+)?mcp(?:\s+(?:server|endpoint|support|integration|tool))?s?\b/gi,
  ],
  ['cli', /\b(?:with|has|have|having|via|offers?|using)?\s*(?:an?\s+)?(?:official\s+)?(?:cli|command[- ]line(?:\s+(?:tool|client|interface))?)\b/gi],
  ['openapi', /\b(?:with|has|have|having|publishes?|offers?)?\s*(?:an?\s+)?(?:openapi|swagger)(?:\s+(?:spec(?:ification)?|description|schema|document))?\b/gi],
  ['self_serve', /\b(?:self[- ]serve|self[- ]service|no sales call|sign ?up without sales|instant (?:api )?access)\b/gi],
  ['api', /\b(?:with|has|have|having|via|through|offers?)\s+(?:an?\s+)?(?:public\s+|rest\s+|http\s+)?api\b/gi],
];

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
  for (const [requirement, pattern] of REQUIREMENT_PHRASES) {
    rest = rest.replace(pattern, (m) => {
      requirements[requirement] = true;
      return ' '.repeat(m.length);
    });
  }
  return { rest, requirements };
}
