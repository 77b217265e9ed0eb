/**
 * Tool-poisoning scan (issue 38): text in an MCP tool's definition aimed at the model rather than the user.
 *
 * Every string here is a third-party server's untrusted text. It is matched, counted and shown escaped, never
 * obeyed and never passed on as an instruction. The rules are fixed regular expressions over bounded input, so one
 * definition always gives the same findings in the same order. Pure, with no Node built-ins: it runs inside the
 * Temporal workflow sandbox.
 */
import type { SecurityFinding, SecurityKind, Severity, ToolDefinition } from './tool-definition';

const MAX_PER_TOOL = 50;
const MAX_TOTAL = 200;
const MAX_DEPTH = 8;
const MAX_NODES = 2000;
const MAX_LIST_STRINGS = 50;
/** Characters of context either side of a match in a span. */
const CONTEXT = 40;
const SPAN_MAX = 200;
/** Matches examined per rule per text (for the rules that look around each match). */
const MAX_MATCHES = 32;
const MAX_DECODED = 1000;

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const KIND_ORDER: SecurityKind[] = [
  'hidden-characters',
  'pseudo-system-block',
  'model-instruction',
  'secret-access',
  'tool-shadowing',
  'parameter-exfiltration',
];

// ---------------------------------------------------------------------------------------------------------------
// Public API

/** Every finding for every tool: high → medium → low, then tool name, then field; at most 50 a tool, 200 in all. */
export function scanTools(tools: ToolDefinition[]): SecurityFinding[] {
  const all: SecurityFinding[] = [];
  for (const tool of tools) all.push(...scanTool(tool).sort(compareFindings).slice(0, MAX_PER_TOOL));
  return all.sort(compareFindings).slice(0, MAX_TOTAL);
}

/** The text with invisible and control characters written as `\u{...}` escapes, cut to `max` characters with `…`. */
export function visible(text: string, max = 200): string {
  if (max <= 0) return '';
  let out = '';
  let fitsWithEllipsis = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const piece = isInvisible(cp) ? `\\u{${cp.toString(16).toUpperCase()}}` : ch;
    if (out.length + piece.length > max) return `${out.slice(0, fitsWithEllipsis)}…`;
    out += piece;
    if (out.length <= max - 1) fitsWithEllipsis = out.length;
  }
  return out;
}

/** Unicode tag characters U+E0020–U+E007E read as the ASCII they encode; every other character dropped. */
export function decodeTagCharacters(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Which strings of a definition are scanned

interface ScannedText {
  field: string;
  text: string;
  /** A parameter's description (a property of the input schema): the only place parameter-exfiltration applies. */
  param: boolean;
}

function collectTexts(tool: ToolDefinition): ScannedText[] {
  const out: ScannedText[] = [];
  addString(out, 'name', tool.name);
  addString(out, 'title', tool.title);
  addString(out, 'description', tool.description);
  if (isObject(tool.annotations)) addString(out, 'annotations.title', tool.annotations.title);
  const budget = { nodes: MAX_NODES };
  walkSchema(tool.inputSchema, 'inputSchema', 0, { input: true, param: false }, out, budget);
  walkSchema(tool.outputSchema, 'outputSchema', 0, { input: false, param: false }, out, budget);
  return out;
}

interface WalkContext {
  input: boolean;
  param: boolean;
}

function walkSchema(node: unknown, path: string, depth: number, at: WalkContext, out: ScannedText[], budget: { nodes: number }): void {
  if (!isObject(node) || depth > MAX_DEPTH || budget.nodes <= 0) return;
  budget.nodes--;
  addString(out, `${path}.description`, node.description, at.param);
  addString(out, `${path}.title`, node.title);
  addString(out, `${path}.default`, node.default);
  addString(out, `${path}.const`, node.const);
  addStrings(out, `${path}.enum`, node.enum);
  addStrings(out, `${path}.examples`, node.examples);
  if (typeof node.examples === 'string') addString(out, `${path}.examples`, node.examples);

  const next = depth + 1;
  const plain = { input: at.input, param: false };
  if (isObject(node.properties)) {
    for (const key of Object.keys(node.properties)) {
      if (budget.nodes <= 0) break;
      const childPath = `${path}.properties.${visible(key, 80)}`;
      addString(out, childPath, key);
      walkSchema(node.properties[key], childPath, next, { input: at.input, param: at.input }, out, budget);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) walkSchema(node[key], `${path}.${key}`, next, plain, out, budget);
  for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) walkSchema(list[i], `${path}.${key}[${i}]`, next, plain, out, budget);
  }
  for (const key of ['$defs', 'definitions', 'patternProperties'] as const) {
    const defs = node[key];
    if (!isObject(defs)) continue;
    for (const name of Object.keys(defs)) walkSchema(defs[name], `${path}.${key}.${visible(name, 80)}`, next, plain, out, budget);
  }
}

function addString(out: ScannedText[], field: string, value: unknown, param = false): void {
  if (typeof value === 'string' && value.length > 0) out.push({ field, text: value, param });
}

function addStrings(out: ScannedText[], field: string, value: unknown): void {
  if (!Array.isArray(value)) return;
  const count = Math.min(value.length, MAX_LIST_STRINGS);
  for (let i = 0; i < count; i++) addString(out, `${field}[${i}]`, value[i]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------------------------
// One tool, one text

function scanTool(tool: ToolDefinition): SecurityFinding[] {
  const name = typeof tool.name === 'string' ? tool.name : '';
  return collectTexts(tool).flatMap((t) => scanText(name, t));
}

function scanText(tool: string, t: ScannedText): SecurityFinding[] {
  const plain = normalize(t.text);
  const make = (severity: Severity, kind: SecurityKind, detail: string, span: string, decoded?: string): SecurityFinding =>
    decoded === undefined ? { severity, kind, tool, field: t.field, detail, span } : { severity, kind, tool, field: t.field, detail, span, decoded };
  const found: SecurityFinding[] = [];

  const conceal = firstMatch(CONCEALING, plain);
  const secret = findSecretAccess(plain, conceal !== undefined);
  const pseudo = firstMatch(PSEUDO_SYSTEM, plain);
  const instruction = firstMatch([...CONCEALING, ...INSTRUCTIONS], plain);
  const shadow = findShadowing(plain);
  const exfil = t.param ? findExfiltration(plain) : undefined;

  if (pseudo)
    found.push(
      make(
        'high',
        'pseudo-system-block',
        `Markup "${quote(pseudo)}" poses as a system or priority message, a common wrapper for orders to the model.`,
        spanOf(plain, pseudo),
      ),
    );
  if (instruction) {
    // Orders to the model are worst when they also hide themselves from the user or reach for secrets.
    const severity = conceal || secret ? 'high' : 'medium';
    found.push(
      make(
        severity,
        'model-instruction',
        `An instruction aimed at the model ("${quote(instruction)}"): a tool's definition is data for the agent, never orders to it.`,
        spanOf(plain, instruction),
      ),
    );
  }
  if (secret)
    found.push(
      make(
        'high',
        'secret-access',
        `It directs the model to read or send a local secret ("${quote(secret)}"), which would hand it to the tool's server.`,
        spanOf(plain, secret),
      ),
    );
  if (shadow) {
    const where = shadow.redirect ? ', and sends data to an outside address' : '';
    found.push(
      make(
        shadow.redirect ? 'high' : 'medium',
        'tool-shadowing',
        `It gives orders about another tool or server ("${quote(shadow.match)}")${where}, which can hijack a tool the user trusts.`,
        spanOf(plain, shadow.match),
      ),
    );
  }
  if (exfil)
    found.push(
      make(
        'high',
        'parameter-exfiltration',
        `This parameter asks for ${exfil.what} ("${quote(exfil.match)}"), which the tool does not need and would receive.`,
        spanOf(plain, exfil.match),
      ),
    );

  const hidden = findHidden(t.text);
  if (hidden.total > 0) {
    const decoded = hidden.decoded.length > 0 ? hidden.decoded : undefined;
    const severity = hiddenSeverity(hidden, found.length > 0);
    found.push(make(severity, 'hidden-characters', hiddenDetail(hidden, found.length > 0), spanAround(t.text, hidden.first, hidden.firstRunEnd), decoded));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Hidden characters

type HiddenClass = 'tag' | 'bidi' | 'invisible' | 'control' | 'variation';

interface HiddenReport {
  counts: Record<HiddenClass, number>;
  total: number;
  codes: number[];
  first: number;
  firstRunEnd: number;
  decoded: string;
}

const HIDDEN_NAMES: Record<HiddenClass, string> = {
  tag: 'Unicode tag character',
  bidi: 'bidirectional control',
  invisible: 'zero-width or invisible character',
  control: 'control character',
  variation: 'stacked variation selector',
};

/** Walks the text once, counting the characters a reader cannot see (with the honest uses of some left out). */
function findHidden(text: string): HiddenReport {
  const report: HiddenReport = {
    counts: { tag: 0, bidi: 0, invisible: 0, control: 0, variation: 0 },
    total: 0,
    codes: [],
    first: -1,
    firstRunEnd: -1,
    decoded: '',
  };
  let prevBase = 0;
  let selectorRun = 0;
  let lastSelector = { cp: 0, at: 0 };
  const note = (cls: HiddenClass, cp: number, at: number, end: number) => {
    report.counts[cls]++;
    report.total++;
    if (report.codes.length < 8 && !report.codes.includes(cp)) report.codes.push(cp);
    if (report.first < 0) report.first = at;
    if (report.firstRunEnd < 0 || report.firstRunEnd === at) report.firstRunEnd = end;
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    if (cp >= 0x20 && cp < 0x7f) {
      // Printable ASCII, by far the most common case.
      prevBase = cp;
      selectorRun = 0;
      i++;
      continue;
    }
    const size = cp > 0xffff ? 2 : 1;
    const flagEnd = cp === 0x1f3f4 ? emojiTagSequenceEnd(text, i + size) : -1;
    if (flagEnd > 0) {
      // A subdivision flag (🏴 + tag letters + cancel tag) is an honest emoji, not smuggled text.
      prevBase = cp;
      i = flagEnd;
      continue;
    }
    if (isVariationSelector(cp)) {
      // One selector after a character is ordinary emoji or CJK styling; a run of them can carry bytes.
      selectorRun++;
      if (selectorRun === 2) note('variation', lastSelector.cp, lastSelector.at, i);
      if (selectorRun >= 2) note('variation', cp, i, i + size);
      lastSelector = { cp, at: i };
      i += size;
      continue;
    }
    selectorRun = 0;
    const cls = hiddenClass(cp, i, prevBase, text.codePointAt(i + size));
    if (cls) {
      note(cls, cp, i, i + size);
      if (cls === 'tag' && cp >= 0xe0020 && cp <= 0xe007e && report.decoded.length < MAX_DECODED) report.decoded += String.fromCharCode(cp - 0xe0000);
    } else if (!isEmojiModifier(cp)) {
      prevBase = cp;
    }
    i += size;
  }
  return report;
}

function hiddenClass(cp: number, index: number, prev: number, next: number | undefined): HiddenClass | undefined {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi';
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  if (cp === 0xfeff) return index === 0 ? undefined : 'invisible'; // a byte-order mark at the start is harmless
  if (cp === 0x200c || cp === 0x200d) return honestJoiner(prev, next) ? undefined : 'invisible';
  if (cp === 0x200b || (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x206a && cp <= 0x206f)) return 'invisible';
  if (cp === 0x180e || cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || (cp >= 0xfff9 && cp <= 0xfffb)) return 'invisible';
  return undefined;
}

/** ZWJ inside an emoji sequence (👨‍👩‍👧), and ZWJ/ZWNJ between letters of scripts that need them (Persian, Indic). */
function honestJoiner(prev: number, next: number | undefined): boolean {
  if (next === undefined) return false;
  if (isPictographic(prev) && isPictographic(next)) return true;
  return isScriptLetter(prev) && isScriptLetter(next);
}

function emojiTagSequenceEnd(text: string, from: number): number {
  let i = from;
  let letters = 0;
  while (i < text.length && letters <= 7) {
    const cp = text.codePointAt(i)!;
    if (cp === 0xe007f) return letters >= 2 ? i + 2 : -1;
    const isTagLetter = (cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039);
    if (!isTagLetter) return -1;
    letters++;
    i += 2;
  }
  return -1;
}

function hiddenSeverity(h: HiddenReport, instructed: boolean): Severity {
  if (h.counts.tag > 0 || instructed) return 'high';
  if (h.counts.bidi > 0 || h.counts.control > 0 || h.counts.variation > 0 || h.counts.invisible > 1) return 'medium';
  return 'low';
}

function hiddenDetail(h: HiddenReport, instructed: boolean): string {
  const parts = (Object.keys(HIDDEN_NAMES) as HiddenClass[])
    .filter((c) => h.counts[c] > 0)
    .map((c) => `${h.counts[c]} ${HIDDEN_NAMES[c]}${h.counts[c] === 1 ? '' : 's'}`);
  const sorted = [...h.codes].sort((a, b) => a - b);
  const named = sorted.slice(0, 4).map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
  const codes = sorted.length > 4 ? `${named.join(', ')}, …` : named.join(', ');
  let why = '';
  if (h.decoded) why = `; the tag characters spell "${visible(h.decoded, 80)}"`;
  else if (instructed) why = '; with them removed the text carries instructions to the model';
  else if (h.codes.includes(0x1b)) why = '; terminal escape sequences can rewrite what a terminal shows';
  return `Found ${parts.join(', ')} (${codes}), which the user cannot see but the model reads${why}.`;
}

/** What `visible` escapes: everything a terminal or page would hide, reorder or act on. */
function isInvisible(cp: number): boolean {
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a) || (cp >= 0x7f && cp <= 0x9f)) return true;
  if (cp === 0xad || cp === 0x34f || cp === 0x61c || cp === 0x115f || cp === 0x1160 || cp === 0x17b4 || cp === 0x17b5 || cp === 0x180e) return true;
  if ((cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f)) return true;
  if (cp === 0x3164 || cp === 0xfeff || cp === 0xffa0 || (cp >= 0xfff9 && cp <= 0xfffb)) return true;
  if (cp >= 0xd800 && cp <= 0xdfff) return true; // a lone surrogate
  return (cp >= 0xe0000 && cp <= 0xe007f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

function isEmojiModifier(cp: number): boolean {
  return cp >= 0x1f3fb && cp <= 0x1f3ff;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const SCRIPT_LETTER = /[\p{L}\p{M}]/u;

function isPictographic(cp: number): boolean {
  return cp > 0x7f && PICTOGRAPHIC.test(String.fromCodePoint(cp));
}

function isScriptLetter(cp: number): boolean {
  return cp > 0x7f && SCRIPT_LETTER.test(String.fromCodePoint(cp));
}

// ---------------------------------------------------------------------------------------------------------------
// Normalizing before the phrase rules

/**
 * What the model would read once the hiding is undone: terminal escape sequences dropped, tag payloads decoded in
 * place, invisible and formatting characters removed (so "ig\u200Bnore" reads "ignore"), then NFKC (fullwidth letters).
 */
function normalize(text: string): string {
  const parts: string[] = [];
  let kept = 0; // where the run of ordinary characters not yet copied starts
  let tags = '';
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) {
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const isTag = cp >= 0xe0020 && cp <= 0xe007e;
    const special = isTag || cp === 0x1b || cp === 0x2028 || cp === 0x2029 || (cp !== 0x0d && (isInvisible(cp) || isVariationSelector(cp)));
    if (!special) {
      i += size;
      continue;
    }
    parts.push(text.slice(kept, i));
    if (isTag) {
      tags += String.fromCharCode(cp - 0xe0000);
      const next = text.codePointAt(i + size) ?? 0;
      if (next < 0xe0020 || next > 0xe007e) {
        parts.push(` ${tags} `); // the decoded payload, set apart so it reads as its own words
        tags = '';
      }
    }
    if (cp === 0x2028 || cp === 0x2029) parts.push('\n');
    i = cp === 0x1b ? escapeSequenceEnd(text, i) : i + size;
    if (cp === 0x1b) parts.push(' ');
    kept = i;
  }
  parts.push(text.slice(kept));
  return parts.join('').normalize('NFKC');
}

/** The index after an ANSI escape sequence starting at `at` (CSI `ESC [ ... final` or OSC `ESC ] ... BEL`), bounded. */
function escapeSequenceEnd(text: string, at: number): number {
  const kind = text[at + 1];
  if (kind === '[') {
    let i = at + 2;
    while (i < text.length && i - at < 40 && /[0-9;?]/.test(text[i]!)) i++;
    while (i < text.length && i - at < 44 && text[i]! >= ' ' && text[i]! <= '/') i++;
    return i < text.length && text[i]! >= '@' && text[i]! <= '~' ? i + 1 : i;
  }
  if (kind === ']') {
    const limit = Math.min(text.length, at + 258);
    for (let i = at + 2; i < limit; i++) {
      if (text.charCodeAt(i) === 0x07) return i + 1;
      if (text.charCodeAt(i) === 0x1b) return text[i + 1] === '\\' ? i + 2 : i;
    }
    return limit;
  }
  return at + 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Phrase rules

interface Match {
  index: number;
  text: string;
}

function firstMatch(rules: RegExp[], text: string): Match | undefined {
  let best: Match | undefined;
  for (const re of rules) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = { index: m.index, text: m[0] };
  }
  return best;
}

function* allMatches(re: RegExp, text: string): Generator<Match> {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  let count = 0;
  for (let m = g.exec(text); m && count < MAX_MATCHES; m = g.exec(text), count++) {
    yield { index: m.index, text: m[0] };
    if (m[0].length === 0) g.lastIndex++;
  }
}

const PSEUDO_SYSTEM: RegExp[] = [
  /<\s*\/?\s*(?:important|system|sys|instructions?|secret|system[_ -]?(?:prompt|message)|admin|priority|critical|override|hidden)\b[^<>]{0,40}>/i,
  /\[\s*\/?\s*(?:INST|SYS|SYSTEM)\s*\]/i,
  /<\|\s*(?:im_start|im_end|im_sep|system|endoftext|start_header_id|end_header_id|eot_id)\s*\|>/i,
  /<<\s*\/?\s*SYS\s*>>/i,
  /(?:^|\n)[ \t]*#{1,6}[ \t]*(?:system|system\s+prompt|system\s+message|assistant)[ \t]*(?::|\n|$)/i,
];

/** "Don't tell the user" phrasing: an instruction that hides itself is never honest documentation. */
const CONCEALING: RegExp[] = [
  /\b(?:do\s+not|don[’']?t|never|must\s+not|should\s+not|shouldn[’']?t)\s+(?:tell|inform|mention|reveal|disclose)\b[^.\n]{0,80}?(?:\bthe\s+user|\busers?\b|\bthe\s+human|\bthat\s+you\b|\banyone\b)/i,
  /\b(?:do\s+not|don[’']?t|never)\s+show\s+(?:this\s+|it\s+)?(?:to\s+)?the\s+user\b/i,
  /\bwithout\s+(?:telling|informing|mentioning\s+(?:it|this)\s+to)\s+(?:the\s+)?users?\b/i,
  /\b(?:the\s+)?users?\s+(?:must|should|need|needs)\s*(?:not|n[’']?t)\s+(?:to\s+)?(?:know|see|notice|find\s+out|be\s+(?:told|informed|aware))\b/i,
  /\b(?:hide|conceal|keep)\s+(?:this|it|that)\s+(?:(?:hidden|secret)\s+)?from\s+the\s+user\b/i,
];

const INSTRUCTIONS: RegExp[] = [
  /\b(?:ignore|disregard|forget)\s+(?:(?:all|any|of)\s+)*(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|former|original|existing|other)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|context)\b/i,
  /\b(?:ignore|disregard)\s+(?:all|any|your)\s+(?:instructions|rules|guidelines|directives)\b/i,
  /\byou\s+(?:must|should|need\s+to|have\s+to|are\s+required\s+to)\s+(?:always\s+|first\s+)?[^.\n]{0,80}?\bbefore\s+(?:using|calling|invoking|running)\b/i,
  /\bbefore\s+(?:using|calling|invoking|running)\s+(?:this|the|any)\s+(?:tool|function)s?\b[^.\n]{0,40}?\b(?:read|call|fetch|open|cat|load|send|run|execute|get)\b/i,
  /\balways\s+(?:call|use|run|invoke|execute)\s+this\s+(?:tool|function)\s+(?:first|before)\b/i,
  /\bthis\s+(?:tool|function)\s+(?:must|should|has\s+to|needs\s+to)\s+(?:always\s+)?be\s+(?:called|used|invoked|run|executed)\s+(?:first|before)\b/i,
  /\b(?:override|overrides|replace|replaces|supersede|supersedes|overwrite)\s+(?:all\s+|any\s+)?(?:the\s+|your\s+|my\s+)?(?:(?:previous|prior|existing|original|other|system)\s+)?(?:instructions|system\s+prompt|system\s+message|guidelines)\b/i,
  // "act as" only as an order (sentence start or "you must act as"): "acts as a proxy" is honest.
  /(?:^|[.!?:;]\s*|\n\s*|\byou\s+(?:must|should|will|shall|are\s+to)\s+(?:now\s+)?)act\s+as\b/i,
  /\byou\s+are\s+now\s+(?:a|an|the|in|acting|operating|my|no\s+longer|free|unrestricted)\b/i,
  /\bfrom\s+now\s+on\b[^.\n]{0,20}\byou\b/i,
];

// --- secret access

/** Paths and files that hold secrets on a developer's machine: reaching for them is never a tool's business. */
const SECRET_PATH =
  /~\/\.ssh\b|\.ssh\/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|~\/\.cursor\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b|~\/\.aws\b|\.aws\/credentials\b|\/etc\/(?:passwd|shadow)\b|(?<![\w.])\.(?:npmrc|netrc|pypirc|git-credentials)\b|(?<![\w.])\.env\b|\.docker\/config\.json|\.kube\/config\b/gi;
/** Words for secrets. Honest tools take API keys and passwords, so these count only with a file read or concealment. */
const SECRET_WORD =
  /\b(?:private\s+keys?|api[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication)?[\s_-]?tokens?|credentials?|passwords?|passphrases?|secrets?|ssh\s+keys?|seed\s+phrases?|recovery\s+phrases?)\b/gi;
const ACCESS_VERB =
  /\b(?:read|reads|reading|cat|open|include|including|pass|passing|send|sending|upload|attach|provide|copy|paste|share|forward|post|dump|exfiltrate|embed|append|leak|contents?\s+of)\b/i;
const FILE_READ = /\b(?:read|reads|reading|cat|open|load|contents?\s+of)\b/i;
const FILE_MARKER = /~\/|\/home\/|\/users\/|%\w+%|\b[a-z]:\\|\bfiles?\b|\.(?:json|env|ya?ml|toml|ini|pem|key)\b|\bkeychain\b/i;
const VERB_WINDOW = 60;

function findSecretAccess(text: string, concealed: boolean): Match | undefined {
  for (const m of allMatches(SECRET_PATH, text)) if (ACCESS_VERB.test(windowAround(text, m, VERB_WINDOW))) return wholePath(text, m);
  for (const m of allMatches(SECRET_WORD, text)) {
    const around = windowAround(text, m, VERB_WINDOW);
    if (!ACCESS_VERB.test(around)) continue;
    if (concealed || (FILE_READ.test(around) && FILE_MARKER.test(around))) return m;
  }
  return undefined;
}

/** The match grown to the end of its path ("~/.cursor" → "~/.cursor/mcp.json"), so the detail names the file. */
function wholePath(text: string, m: Match): Match {
  const rest = /^[^\s'"`()<>,;]{0,120}/.exec(text.slice(m.index + m.text.length, m.index + m.text.length + 120))![0];
  return { index: m.index, text: m.text + rest.replace(/[.:]+$/, '') };
}

// --- tool shadowing

/** Another tool's name: `send_email`, "mail.send", server/tool. Not "this", "the" or "a" (the tool speaking of itself). */
const TOOL_REF = String.raw`(?!(?:this|the|a|an|that|same|each|every)\b)[\x60'"]?[\w.:/-]{1,64}[\x60'"]?`;
const ADDRESS = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/[^\s"'<>]+`;
const SHADOWING: RegExp[] = [
  new RegExp(
    String.raw`\bwhen(?:ever)?\s+(?:the\s+|any\s+|another\s+)?${TOOL_REF}\s+(?:tool|function|server)\s+is\s+(?:used|called|invoked|run|executed|available)\b`,
    'i',
  ),
  new RegExp(String.raw`\binstead\s+of\s+(?:using\s+|calling\s+)?(?:the\s+)?${TOOL_REF}\s+(?:tool|function|server)\b`, 'i'),
  new RegExp(
    String.raw`\b(?:change|changes|modify|modifies|alter|alters|override|overrides)\s+(?:the\s+)?(?:behaviou?r|way|output|workflow)\s+of\s+(?:the\s+|other\s+|another\s+)?${TOOL_REF}\s+(?:tools?|servers?|functions?)\b`,
    'i',
  ),
  /\b(?:when|whenever|before|after)\s+(?:using|calling)\s+(?:any|all)\s+other\s+tools?\b/i,
  /\b(?:all|any|every)\s+other\s+(?:tools?|servers?|mcp\s+servers?)\s+(?:must|should|shall|will)\b/i,
  /\b(?:for|with|from)\s+(?:all|any|every)\s+(?:other\s+)?(?:tools?|servers?)\b[^.\n]{0,40}\b(?:must|should|always|instead)\b/i,
  /\ball\s+(?:e-?mails?|messages?|mails?|requests?|payments?|transfers?)\s+(?:(?:sent|made|created|posted|submitted)\s+)?(?:with|by|via|through|using|from)\b[^.\n]{0,80}?\b(?:must|should|shall|need\s+to|have\s+to)\b/i,
];
/** bcc/forward/redirect to an address, said as a standing order ("always", "also", "all"...). */
const REDIRECT = new RegExp(
  String.raw`\b(?:always|also|must|secretly|silently|quietly|every|all|instead)\b[^.\n]{0,60}?\b(?:bcc|cc|redirect|forward|reroute|send\s+(?:a\s+)?cop(?:y|ies)|copy|blind[\s-]?copy)\b[^\n]{0,80}?(?:${ADDRESS})`,
  'i',
);
const ADDRESS_RE = new RegExp(ADDRESS, 'i');

function findShadowing(text: string): { match: Match; redirect: boolean } | undefined {
  const redirect = firstMatch([REDIRECT], text);
  const about = firstMatch(SHADOWING, text);
  if (!about) return redirect ? { match: redirect, redirect: true } : undefined;
  const after = text.slice(about.index, about.index + about.text.length + 120);
  return { match: about, redirect: redirect !== undefined || ADDRESS_RE.test(after) };
}

// --- parameter exfiltration

const EXFILTRATION: Array<{ what: string; re: RegExp }> = [
  {
    what: 'the conversation',
    re: /\b(?:conversation|chat|dialog(?:ue)?)\s+(?:history|log|transcript)\b|\b(?:all|the)\s+(?:previous|prior|earlier|past)\s+(?:messages|turns|prompts)\b|\b(?:previous|prior|earlier)\s+(?:messages|turns|prompts)\s+(?:in|of|from)\s+(?:this|the|our|your)\s+(?:conversation|chat|session)\b|\b(?:this|the\s+current|the\s+entire|the\s+whole|the\s+full)\s+conversation(?:\s+(?:history|log|transcript))?\b/i,
  },
  { what: 'the system prompt', re: /\bsystem\s+(?:prompt|message|instructions)\b|\byour\s+(?:instructions|prompt|rules)\b/i },
  { what: 'all the context', re: /\b(?:all|full|entire|whole)\s+(?:of\s+)?(?:the\s+|your\s+)?(?:context|context\s+window|memory)\b/i },
  { what: "a file's contents", re: /\bcontents?\s+of\s+(?:the\s+|your\s+)?(?:file\s+)?(?:~\/|\/|\.[\w-]|[a-z]:\\|%\w+%)/i },
  { what: 'a secret file', re: new RegExp(SECRET_PATH.source, 'i') },
  {
    what: 'credentials beyond its own',
    re: /\b(?:all|any|every|other)\s+(?:of\s+)?(?:the\s+|your\s+)?(?:api[\s_-]?keys|tokens|credentials|passwords|secrets)\b|\b(?:tokens?|credentials?|api[\s_-]?keys?|passwords?|secrets?)\s+(?:from|of|for|used\s+by)\s+(?:other|another|all|the\s+other)\s+(?:tools?|servers?|services?)\b/i,
  },
];

function findExfiltration(text: string): { what: string; match: Match } | undefined {
  let best: { what: string; match: Match } | undefined;
  for (const { what, re } of EXFILTRATION) {
    const m = firstMatch([re], text);
    if (m && (!best || m.index < best.match.index)) best = { what, match: m };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Spans, quoting, order

function windowAround(text: string, m: Match, width: number): string {
  return text.slice(Math.max(0, m.index - width), m.index + m.text.length + width);
}

function spanOf(text: string, m: Match): string {
  return spanAround(text, m.index, m.index + m.text.length);
}

/** The excerpt from `start` to `end` with ~40 characters either side, made visible, at most 200 characters. */
function spanAround(text: string, start: number, end: number): string {
  let from = Math.max(0, start - CONTEXT);
  let to = Math.min(text.length, Math.max(end, start) + CONTEXT);
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from--;
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to++;
  return visible(text.slice(from, to), SPAN_MAX);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function quote(m: Match): string {
  return visible(m.text.replace(/\s+/g, ' ').trim(), 60);
}

function compareFindings(a: SecurityFinding, b: SecurityFinding): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    compareText(a.tool, b.tool) ||
    compareText(a.field, b.field) ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    compareText(a.span, b.span)
  );
}

/** Code-unit order, not locale order: the same on every machine. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
