import type { CapabilityTexts } from './capability-texts';
import { type NamedProduct, namedProducts } from './named-products';
import { MAX_QUERY_TERMS, MCP_TRUST_BITS, type ProductIndex, REQUIREMENT_BITS, type Requirement, type WeightedTerm } from './product-index';
import type { RankedProduct } from '../ranked-product';
import { RANK_PARAMS, type RankParams } from './params';
import type { TaskQuery } from './query';
import { stemOf } from './terms';

/**
 * Ranking a task, top to bottom (find-tools and resolve both read it):
 *   1. the query: the task's weighted words (./query.ts), misspelt words read as the registry's nearest
 *      word, and the products it names: when it names two or more as sources or destinations of data
 *      ("push Stripe payouts into QuickBooks"), it asks for what connects them, so the names weigh little,
 *      the named products step back and the connecting capability is asked for;
 *   2. candidates: products whose own text holds the task's words (BM25F over name, description,
 *      categories and what audits read), products tagged with the task's capabilities, and products tagged
 *      with the capabilities whose own text (phrasings, example tasks) holds the task's words;
 *   3. fusion: text relevance (own fields plus the expansion through capabilities, relative to the best
 *      candidate), coverage of the task's capabilities, and readiness as a small prior that orders
 *      near-equals and never outweighs a better fit;
 *   4. explanation: each result's `match` (how much of the task it covers, 0..1), its matched words and
 *      capabilities;
 *   5. abstention: when nothing fits well the answer says so in `note`; it is empty only when no product
 *      holds any of the task's words or capabilities.
 */
export interface TaskRanking {
  /** The capabilities the task was read as asking for (the vocabulary's, plus a connecting one). */
  capabilities: string[];
  results: RankedProduct[];
  /** Set when nothing fits well, or nothing at all: what the answer means. */
  note?: string;
}

export interface RankInput {
  index: ProductIndex;
  capabilityTexts: CapabilityTexts;
  query: TaskQuery;
  /** The capabilities the vocabulary reads in the task, strongest first. */
  capabilities: string[];
  /** Those of them read from a phrasing of two words or more ("transactional email"): surer evidence. */
  phrased?: string[];
  limit: number;
  requirements?: Requirement[];
  params?: RankParams;
  /**
   * The optional semantic channel (an embeddings endpoint): each product's similarity to the task, and the
   * products most similar to it, which join the candidates.
   */
  semantic?: { similarity: (slot: number) => number | undefined; nearest: number[] };
}

// A standing flow of data between named products, which a connector or integration platform runs: "push
// Stripe payouts into QuickBooks", "whenever a Jira issue...", "load ... into Snowflake every night", "route
// LLM calls across ...", "give my agent Gmail and GitHub over MCP". A one-off job that names services
// ("pull today's headlines and post them to Discord") wants those services, and is not read this way.
const STANDING_FLOW =
  /\b(?:whenever|every time|for (?:every|each) new|when (?:a|an|someone|somebody|new)|automatically|(?:every|each) (?:night|day|morning|hour|week|month)|nightly|sync\w*|connect\w*|integrat\w*|replicat\w*|across)\b|\bover mcp\b|\b(?:load|push|copy|copies|send|pipe|stream)\w*\b.{0,60}\binto\b/i;

export function rankTask(input: RankInput): TaskRanking {
  const { index, query } = input;
  const p = input.params ?? RANK_PARAMS;
  const mask = (input.requirements ?? []).reduce((m, r) => m | REQUIREMENT_BITS[r], 0);
  const keep = (slot: number) => (index.product(slot).flags & mask) === mask;

  // 1. The query.
  const surface = new Map<string, string>();
  const terms: WeightedTerm[] = [];
  for (const t of query.terms) {
    const word = query.words.find((w) => w.term === t.term)?.word ?? t.term;
    const corrected = index.correct(word);
    const term = corrected ? stemOf(corrected) : t.term;
    if (!surface.has(term)) surface.set(term, word);
    const same = terms.find((x) => x.term === term);
    if (same) same.weight = Math.max(same.weight, t.weight);
    else terms.push({ term, weight: t.weight });
  }
  // Each need is a set of capabilities any of which meets it.
  let needs = input.capabilities.map((c) => [c]);
  const named = namedProducts(
    query.task,
    (name) => index.productsNamed(name),
    (word) => input.capabilityTexts.uses(stemOf(word)),
  );
  const connecting = new Set<number>();
  // A product the task names, and not as a source or destination of data nor as its subject ("is Discord
  // down?"), is the tool it asks for ("the Hot 100 chart from the Billboard API", "a song from SoundCloud").
  const wanted = new Set<number>();
  // Two names or more, one of them surely a product (listed, or written like one: "Microsoft Teams", "HubSpot").
  const surely = (n: NamedProduct) => n.slots.length > 0 || /\s|[a-z][A-Z]/.test(n.name);
  const connects = named.length >= 2 && named.some(surely) && STANDING_FLOW.test(query.task);
  if (connects) {
    for (const n of named) for (const slot of n.slots) connecting.add(slot);
    const nameTerms = new Set(named.flatMap((n) => n.name.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stemOf));
    for (const t of terms) if (nameTerms.has(t.term)) t.weight *= p.namedWordWeight;
    // The named products' own capabilities ("payouts", "warehouse") describe the data, not the tool asked for.
    needs = [connectingCapabilities(index, named, query.task)];
    // What connecting means in words ("integration", "sync", "workflow"): the task says it only through names.
    for (const c of needs[0]) {
      for (const term of input.capabilityTexts.keyTerms(c, p.connectingTerms, (t) => index.idf(t))) {
        if (terms.length < MAX_QUERY_TERMS && !terms.some((t) => t.term === term)) terms.push({ term, weight: p.connectingTermWeight });
      }
    }
  } else for (const n of named) if (!n.topic) for (const slot of n.slots) if (keep(slot)) wanted.add(slot);
  const capabilities = [...new Set(needs.flat())];
  const idf = (t: string) => index.idf(t);
  for (const c of capabilities) {
    for (const term of input.capabilityTexts.keyTerms(c, p.expansionTerms, idf)) {
      if (terms.length < MAX_QUERY_TERMS && !terms.some((t) => t.term === term)) terms.push({ term, weight: p.expansionTermWeight });
    }
  }

  // 2. Candidates.
  const totalWeight = terms.reduce((n, t) => n + t.weight * idf(t.term), 0);
  const textHits = index.score(terms, mask ? keep : undefined, p.candidates);
  const hits = new Map(textHits.map((h) => [h.slot, h]));
  const relevance = input.capabilityTexts.relevance(terms, idf);
  const k1 = index.params.k1;
  const expanding = [...relevance]
    .sort((a, b) => b[1] - a[1])
    .slice(0, p.expansionCapabilities)
    .map(([id]) => id);
  const candidates = new Set([...hits.keys(), ...wanted, ...(input.semantic?.nearest.filter(keep) ?? [])]);
  for (const c of [...capabilities, ...expanding]) for (const slot of index.strongestTagged(c, p.taggedCandidates)) if (keep(slot)) candidates.add(slot);

  // 3. Fusion.
  const rows = [...candidates].map((slot) => {
    const product = index.product(slot);
    const hit = hits.get(slot);
    // BM25F over the product's own fields and its capability texts as one more field: per term, the own
    // frequency and the capability texts' (weighted by how strongly each tag is said) are summed, then
    // saturated once, so a product whose own text already says "weather" gains little from its weather tag.
    const tagged = product.capabilities.filter((t) => relevance.has(t.id));
    let text = 0;
    if (hit && !tagged.length) text = hit.score;
    else if (hit || tagged.length) {
      terms.forEach((t, bit) => {
        const own = hit && hit.matched & (1 << bit) ? index.frequency(slot, t.term) : 0;
        const expanded = tagged.reduce((n, tag) => n + tagStrength(tag.score) * input.capabilityTexts.frequency(tag.id, t.term), 0);
        const tf = own + p.expansion * expanded;
        if (tf > 0) text += t.weight * idf(t.term) * (tf / (k1 + tf));
      });
    }
    const matched = capabilities.filter((c) => product.capabilities.some((t) => t.id === c));
    const coverage = needs.length ? needs.filter((need) => need.some((c) => matched.includes(c))).length / needs.length : 0;
    return { slot, text, coverage, matched, hit, match: 0, score: 0 };
  });
  const weightOf = new Map(query.terms.map((t) => [t.term, t.weight]));
  // A task that connects named products asks for a connector whatever the data is: the meaning of its words
  // ("Stripe payouts", "QuickBooks") would pull the named products' competitors up, so it is not read.
  const taskVector =
    input.semantic || !p.wordVectors || connects ? undefined : index.textVector(query.words.map((w) => ({ word: w.word, weight: weightOf.get(w.term) ?? 0 })));
  // A product's fit (its `match`): its text relevance as a share of what the task could score (its weighted
  // words, each fully matched; so one incidental word of a long task scores little however rare it is),
  // with its coverage of the task's capabilities. Readiness then adds a small prior: it can reorder fits
  // closer than p.readiness, never a clearly better fit.
  for (const r of rows) {
    const textShare = totalWeight ? Math.min(1, r.text / totalWeight) : 0;
    const weight = needs.length && needs.some((need) => need.some((c) => input.phrased?.includes(c))) ? p.phrasedCapability : p.capability;
    r.match = needs.length ? (1 - weight) * textShare + weight * r.coverage : textShare;
    // With the semantic channel, the product's similarity to the task is a share of its fit: the
    // embeddings endpoint's when one is configured, else the static word vectors'.
    if (input.semantic) r.match = (1 - p.semantic) * r.match + p.semantic * Math.max(0, input.semantic.similarity(r.slot) ?? 0);
    else if (taskVector) r.match = (1 - p.wordVectors) * r.match + p.wordVectors * Math.max(0, index.similarity(r.slot, taskVector) ?? 0);
    if (connecting.has(r.slot)) r.match *= p.namedProductFactor;
    if (wanted.has(r.slot)) r.match = Math.max(r.match, p.namedMatch);
    r.score = r.match + p.readiness * (index.product(r.slot).readiness / 100) + trustShift(index.product(r.slot).flags, mask, p);
  }
  const scored = topBy(rows, input.limit, (r) => r.score);

  // 4. Explanation.
  const results = scored.slice(0, input.limit).map(({ slot, match, matched, hit }) => {
    const { slug, name, domain, readiness } = index.product(slot);
    const words = hit ? terms.filter((_, bit) => hit.matched & (1 << bit)).map((t) => surface.get(t.term) ?? t.term) : [];
    const trust = mcpTrustOf(index.product(slot).flags, mask);
    return {
      slug,
      name,
      domain,
      readiness,
      match: Math.round(Math.min(1, match) * 100) / 100,
      matched,
      words: [...new Set(words)],
      ...(trust ? { mcpTrust: trust } : {}),
    };
  });

  // 5. Abstention.
  const note = !results.length
    ? 'No product in the registry fits this task: none of its words or capabilities match a product.'
    : results[0].match < p.weakMatch
      ? 'No product fits this task well: these match only some of its words (see each result’s match).'
      : undefined;
  return { capabilities, results, ...(note ? { note } : {}) };
}

/** The audit's verdict on a product's MCP server, when the task requires one (otherwise it does not order). */
function mcpTrustOf(flags: number, mask: number): 'verified' | 'poisoned' | undefined {
  if (!(mask & REQUIREMENT_BITS.mcp)) return undefined;
  if (flags & MCP_TRUST_BITS.poisoned) return 'poisoned';
  return flags & MCP_TRUST_BITS.verified ? 'verified' : undefined;
}

/**
 * When the task requires an MCP server: a verified call lifts a server a little (it orders near-equals), and
 * a high-severity finding sinks it below every server without one, however well it matches (issue 38).
 */
function trustShift(flags: number, mask: number, p: RankParams): number {
  const trust = mcpTrustOf(flags, mask);
  return trust === 'poisoned' ? -10 : trust === 'verified' ? p.verifiedMcp : 0;
}

/**
 * The `n` items with the highest key, best first (ties: the earlier item), without sorting them all: a
 * common word at 100k products has tens of thousands of hits.
 */
function topBy<T>(items: T[], n: number, key: (item: T) => number): T[] {
  if (items.length <= n * 4)
    return items
      .map((item, i) => ({ item, k: key(item), i }))
      .sort((a, b) => b.k - a.k || a.i - b.i)
      .slice(0, n)
      .map((x) => x.item);
  const keys = items.map(key);
  // The n-th highest key, by sorting a copy of the keys (numbers sort fast), then a stable pick above it.
  const threshold = Float64Array.from(keys).sort()[items.length - n];
  const picked: Array<{ item: T; k: number; i: number }> = [];
  items.forEach((item, i) => {
    if (keys[i] >= threshold) picked.push({ item, k: keys[i], i });
  });
  return picked
    .sort((a, b) => b.k - a.k || a.i - b.i)
    .slice(0, n)
    .map((x) => x.item);
}

/** A tag's weight in the expansion: a phrasing of two words or more counts fully, a closest match less. */
function tagStrength(score: number): number {
  return score >= 2 ? 1 : score >= 1 ? 0.8 : 0.5;
}

/**
 * What connects the products a task names: a gateway when they are model providers ("across OpenAI,
 * Anthropic and Gemini"), a data pipeline when data is loaded into a warehouse, otherwise an integration
 * or automation platform.
 */
function connectingCapabilities(index: ProductIndex, named: NamedProduct[], task: string): string[] {
  const listed = named.filter((n) => n.slots.length);
  const has = (n: NamedProduct, test: (slot: number) => boolean) => n.slots.some(test);
  const models = listed.filter((n) => has(n, (s) => index.product(s).categories.includes('ai-models'))).length;
  if (models >= 2 || (models >= 1 && /\b(?:llms?|models?|gpt|ai)\b/i.test(task))) return ['ai.gateway'];
  const warehouse = listed.some((n) => has(n, (s) => index.product(s).capabilities.some((t) => t.id === 'analytics.warehouse')));
  if (warehouse || /\b(?:warehouse|replicat\w*|etl|elt)\b/i.test(task)) return ['analytics.etl'];
  return ['automate.integrate', 'automate.workflow'];
}

/**
 * The answer to a task of several needs (./query.ts `parts`): the best product for the whole task first,
 * then in turn the best products for each need that are not yet listed, then the rest of the whole task's
 * ranking. A need the whole ranking buries ("... Additionally, a motivational quote") still reaches the
 * first results.
 */
export function mergeNeeds(whole: TaskRanking, parts: TaskRanking[], limit: number, perPart = 1): TaskRanking {
  const out: RankedProduct[] = [];
  const add = (r: RankedProduct | undefined) => {
    if (r && out.length < limit && !out.some((x) => x.slug === r.slug)) out.push(r);
  };
  add(whole.results[0]);
  for (let i = 0; i < perPart; i++) for (const part of parts) add(part.results[i]);
  for (const r of whole.results) add(r);
  return { ...whole, capabilities: [...new Set([whole.capabilities, ...parts.map((p) => p.capabilities)].flat())], results: out };
}
